/**
 * The server's expected failures: an AppError carries a stable key from the contract's error
 * catalogue (packages/contract/src/codes.ts), optional message parameters and the failing field.
 * It lives below the transport (decision 044): services, the ledger and the database code throw
 * it without knowing about HTTP; plugins/errors.ts maps it to the answer and its status.
 */
import type { ErrorKey } from '@pp/contract';

export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params?: Record<string, string | number>,
    readonly field?: string,
    readonly validation?: string,
  ) {
    super(key);
  }
}
