import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type ExchangeCreateInput = Omit<RequestOf<'exchangeCreate'>, 'requestId'>;

/** Holds the source amount (frozen) until staff review it, or settles it at once below the configured amount; `requestId` makes a retry safe. */
export const createExchange = (body: ExchangeCreateInput, requestId: string) => apiCall('exchangeCreate', { ...body, requestId }, { requestId });
