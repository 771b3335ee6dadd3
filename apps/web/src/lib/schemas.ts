/**
 * The contract's zod schemas, for pages that load them only when a form is submitted: zod is
 * too big for the first download of the login page (the 150 KB budget), and importing through
 * this module keeps it out of the entry chunk.
 */
export { loginRequest, loginTwoFactorRequest } from '@pp/contract';
