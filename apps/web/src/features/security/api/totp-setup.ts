import { apiCall } from '../../../lib/api-client';

/** A new authenticator secret (QR code and text); a setup started again replaces the last one. */
export const startTotpSetup = () => apiCall('securityTotpSetup', {});
