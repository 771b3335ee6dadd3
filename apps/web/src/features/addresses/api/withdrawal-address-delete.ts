import { apiCall } from '../../../lib/api-client';

/** Removes one of the member's wallet addresses (after the page's confirmation). */
export const deleteWithdrawalAddress = (id: string) => apiCall('delWithdrawalAddress', { id });
