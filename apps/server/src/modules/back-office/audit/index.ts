/** The audit trail's entry (issue 32): what other modules and the composition root use. */
export { AuditService, type Actor } from './service.ts';
