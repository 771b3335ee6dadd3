import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type DepositCreateInput = Omit<RequestOf<'deposit'>, 'requestId'>;

/** Submits a bank deposit for review; `requestId` makes a retry safe (one order, not two). */
export const createDeposit = (body: DepositCreateInput, requestId: string) => apiCall('deposit', { ...body, requestId }, { requestId });
