import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type FillInput = Omit<RequestOf<'fillingPositions'>, 'requestId'>;

/** Refills a holding that ended by its term or its maximum reward: the same units again under the current terms. */
export const fillingPositions = (body: FillInput, requestId: string) => apiCall('fillingPositions', { ...body, requestId }, { requestId });
