/**
 * The ledger's entry: what other modules use. Modules that keep their own books register a check of
 * them with `registerVerifier`, so the ledger check runs it without importing any module above the
 * ledger (docs/decisions/044-money-core-below-the-transport.md).
 */
export {
  LedgerRepository,
  refusalError,
  settled,
  type AccountRef,
  type ResolveOutcome,
  type TransferInput,
  type TransferOutcome,
  type TransferRecord,
  type TransferCode,
} from './repository.ts';
export type { ResolveRefusal, TransferRefusal } from './rules.ts';
export { registerVerifier, verifyAndRecord, verifyLedger, type BooksCheck, type VerifyResult } from './verify.ts';
export { isUniqueViolation } from './idempotency.ts';
