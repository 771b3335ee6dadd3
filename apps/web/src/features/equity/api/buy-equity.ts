import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type BuyEquityInput = Omit<RequestOf<'buyEquity'>, 'requestId'>;

/** Buys shares with the transaction password; `requestId` makes a retry safe. */
export const buyEquity = (body: BuyEquityInput, requestId: string) => apiCall('buyEquity', { ...body, requestId }, { requestId });
