/** The member accounts module's entry (issue 32): what other modules and the composition root use. */
export { AccountService } from './service.ts';
