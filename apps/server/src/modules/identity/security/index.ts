/**
 * The security centre's entry (decision 010, issue 32): what other modules and the composition
 * root use.
 */
export { SecurityService, mailTime } from './service.ts';
