import { apiCall } from '../../lib/api-client';

/** The member's game identity (a signed token the game checks; decision 024). */
export const gameUserInfo = () => apiCall('gmtUserInfo', {});
