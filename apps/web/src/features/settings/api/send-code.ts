import { apiCall } from '../../../lib/api-client';

/** E-mails a code to the logged-in member's own address. */
export const sendTransactionPasswordCode = () => apiCall('loginSend', { purpose: 'FORGOT_TRANSACTION_PASSWORD' });
