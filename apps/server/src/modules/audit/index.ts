/** The audit trail's entry (issue 32): what other modules and the composition root use. */
export { AuditService } from './service.ts';
