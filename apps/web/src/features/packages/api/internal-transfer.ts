import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type HoldingTransferInput = Omit<RequestOf<'internalTransfer'>, 'requestId'>;

/** Gives a live holding to another member by username. */
export const transferHolding = (body: HoldingTransferInput, requestId: string) => apiCall('internalTransfer', { ...body, requestId }, { requestId });
