/**
 * The ledger's entry (issue 32): what other modules use. Modules that keep their own books register
 * a check of them with `registerVerifier` (decision 044).
 */
export { LedgerRepository, type AccountRef, type TransferInput, type TransferRecord, type TransferCode } from './repository.ts';
export { registerVerifier, verifyAndRecord, verifyLedger, type BooksCheck, type VerifyResult } from './verify.ts';
export { isUniqueViolation } from './idempotency.ts';
