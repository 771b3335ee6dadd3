import { apiCall } from '../../../lib/api-client';

/** Voids the hold of an exchange still pending review; a retry of a done cancel is fine. */
export const cancelExchange = (exchangeId: string, requestId: string) => apiCall('exchangeCancel', { exchangeId, requestId }, { requestId });
