/** The transaction records module's entry (issue 32): what other modules and the composition root use. */
export { RecordService, recordsKeyset } from './service.ts';
