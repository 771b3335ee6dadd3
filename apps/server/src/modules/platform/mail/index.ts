/** The outgoing mail module's entry: what other modules and the composition root use. */
export { type MailService } from './service.ts';
