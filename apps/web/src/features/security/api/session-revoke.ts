import { apiCall } from '../../../lib/api-client';

/** Signs out one of the member's sessions. */
export const revokeSession = (sessionId: string) => apiCall('securitySessionRevoke', { sessionId });

/** Signs out every session of the member but this one; answers how many ended. */
export const revokeOtherSessions = () => apiCall('securitySessionRevokeOthers', {});
