import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type AddInput = Omit<RequestOf<'addWarehouse'>, 'requestId'>;

/** Adds units to a live holding at its own price. */
export const addWarehouse = (body: AddInput, requestId: string) => apiCall('addWarehouse', { ...body, requestId }, { requestId });
