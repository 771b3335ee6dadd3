import { apiCall } from '../../../lib/api-client';

/** Files the insurance claim of a holding that ended by its term under its guarantee; reviewed by staff. */
export const claimCreate = (holdingId: string, requestId: string) => apiCall('claimCreate', { holdingId, requestId }, { requestId });
