import { apiCall } from '../../../lib/api-client';

/** Removes one of the member's bank accounts (after the page's confirmation). */
export const deleteBankAccount = (id: string) => apiCall('delBankAccount', { id });
