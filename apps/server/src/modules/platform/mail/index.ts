/** The outgoing mail module's entry (issue 32): what other modules and the composition root use. */
export { type MailService } from './service.ts';
