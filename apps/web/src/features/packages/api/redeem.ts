import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type RedeemInput = Omit<RequestOf<'redeem'>, 'requestId'>;

/** Ends a live holding early: the principal less the redeem fee comes back to available. */
export const redeem = (body: RedeemInput, requestId: string) => apiCall('redeem', { ...body, requestId }, { requestId });
