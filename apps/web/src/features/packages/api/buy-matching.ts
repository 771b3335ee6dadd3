import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type BuyInput = Omit<RequestOf<'buyMatching'>, 'requestId'>;

/** Buys units of a product; `requestId` makes a retry safe (one holding, not two). */
export const buyMatching = (body: BuyInput, requestId: string) => apiCall('buyMatching', { ...body, requestId }, { requestId });
