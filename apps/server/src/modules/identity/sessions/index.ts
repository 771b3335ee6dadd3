/**
 * The sessions module's entry: what other modules and the composition root use.
 * Member and staff sessions (token hash, idle and absolute expiry).
 */
export { SessionService, type SessionIdentity } from './service.ts';
