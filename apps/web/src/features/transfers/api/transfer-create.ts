import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type TransferCreateInput = Omit<RequestOf<'transferCreate'>, 'requestId'>;

/** Moves points to another member at once; `requestId` makes a retry safe. */
export const createTransfer = (body: TransferCreateInput, requestId: string) => apiCall('transferCreate', { ...body, requestId }, { requestId });
