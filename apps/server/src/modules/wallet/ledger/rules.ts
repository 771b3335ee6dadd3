/**
 * The ledger's rules, with no database and no I/O: what a transfer, a hold, or the posting or
 * voiding of a hold may do to two accounts' running totals. Every check has a name, the checks
 * run in one fixed order and the first that fails is the answer, and the new totals are worked
 * out only once every check has passed. The repository writes each leg with an UPDATE whose WHERE
 * holds the same leg checks (repository.ts, legGuard), and only when one refuses reads the rows
 * (locked) and asks these rules which check failed (decision 083); so the rules are tested here
 * without a database (rules.test.ts), and a refusal is a value the caller switches on rather than
 * an exception.
 *
 * The balance check itself (decision 008): a member debit needs credits_posted - debits_posted
 * - debits_pending >= amount (pending credits do not count); a member credit needs credits_posted
 * - debits_posted + credits_pending + amount <= balanceMaxMinor (pending debits do not count);
 * every leg keeps its side's posted + pending <= accountTotalMaxMinor; a system account has no
 * funds or balance check (it may go negative).
 */
import { accountTotalMaxMinor, amountMaxMinor, balanceMaxMinor } from '@pp/contract';

/** The four running totals of one account row, and whether it is a system account. */
export interface AccountTotals {
  isSystem: boolean;
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

/** Every answer to a new transfer or hold, in the order the checks run. */
export const transferResults = [
  'ok',
  'amountMustBePositive',
  'amountTooLarge',
  'legsMustShareCoin',
  'requestIdReused',
  'accountsMustDiffer',
  'insufficientBalance',
  'debitExceedsCeiling',
  'creditExceedsCeiling',
] as const;
export type TransferResult = (typeof transferResults)[number];
export type TransferRefusal = Exclude<TransferResult, 'ok'>;

/** Every answer to posting or voiding a hold, in the order the checks run. */
export const resolveResults = ['ok', 'pendingNotFound', 'pendingAlreadyResolved'] as const;
export type ResolveResult = (typeof resolveResults)[number];
export type ResolveRefusal = Exclude<ResolveResult, 'ok'>;

/** What a transfer asks for, before any account is read. */
export interface TransferRequest {
  amount: bigint;
  coinName: string;
  debitCoinName: string;
  creditCoinName: string;
}

/** The checks that need no account: run before the database is touched. */
export function checkRequest(request: TransferRequest): TransferResult {
  if (request.amount <= 0n) return 'amountMustBePositive';
  if (request.amount > amountMaxMinor) return 'amountTooLarge';
  if (request.debitCoinName !== request.coinName || request.creditCoinName !== request.coinName) return 'legsMustShareCoin';
  return 'ok';
}

/**
 * A request id seen before: the same body is a replay (`exists`, answered with the first
 * transfer), another body is `requestIdReused`. `new` when the id was not seen (or none given).
 */
export function checkReplay(existingHash: string | null | undefined, hash: string | null): 'new' | 'exists' | 'requestIdReused' {
  if (existingHash === undefined) return 'new';
  return existingHash === hash ? 'exists' : 'requestIdReused';
}

/** A member's spendable balance: posted, less what its holds keep back. */
export function available(a: AccountTotals): bigint {
  return a.creditsPosted - a.debitsPosted - a.debitsPending;
}

/**
 * The checks of a new transfer or hold against both accounts' totals, in order: the request's
 * own checks, two distinct accounts, then the debit leg (funds, then its total ceiling), then the
 * credit leg (the member balance ceiling, then its total ceiling).
 */
export function checkTransfer(request: TransferRequest, debit: AccountTotals & { id: string }, credit: AccountTotals & { id: string }): TransferResult {
  const own = checkRequest(request);
  if (own !== 'ok') return own;
  const { amount } = request;
  if (debit.id === credit.id) return 'accountsMustDiffer';
  if (!debit.isSystem && available(debit) < amount) return 'insufficientBalance';
  if (debit.debitsPosted + debit.debitsPending > accountTotalMaxMinor - amount) return 'debitExceedsCeiling';
  if (!credit.isSystem && credit.creditsPosted - credit.debitsPosted + credit.creditsPending > balanceMaxMinor - amount) return 'creditExceedsCeiling';
  if (credit.creditsPosted + credit.creditsPending > accountTotalMaxMinor - amount) return 'creditExceedsCeiling';
  return 'ok';
}

/** The columns one leg moves and by how much; what the repository writes after `ok`. */
export interface LegChange {
  posted: bigint;
  pending: bigint;
}

/** A new transfer (posted) or hold (pending): each leg adds the amount to one of its side's totals. */
export function transferChange(amount: bigint, isPending: boolean): LegChange {
  return isPending ? { posted: 0n, pending: amount } : { posted: amount, pending: 0n };
}

/** Posting a hold moves its amount from pending to posted on each leg; voiding gives it back. */
export function resolveChange(amount: bigint, outcome: 'post' | 'void'): LegChange {
  return outcome === 'post' ? { posted: amount, pending: -amount } : { posted: 0n, pending: -amount };
}

/** The totals after a leg's change: pure, for the tests and for anyone reasoning about a transfer. */
export function applyLeg(account: AccountTotals, side: 'debit' | 'credit', change: LegChange): AccountTotals {
  return side === 'debit'
    ? { ...account, debitsPosted: account.debitsPosted + change.posted, debitsPending: account.debitsPending + change.pending }
    : { ...account, creditsPosted: account.creditsPosted + change.posted, creditsPending: account.creditsPending + change.pending };
}

/** A hold as its row stands: absent, or its kind and state. */
export interface PendingState {
  kind: string;
  state: string;
}

/** Posting or voiding a hold: it must exist (as a hold) and still be pending; each is done once. */
export function checkResolve(pending: PendingState | undefined): ResolveResult {
  if (!pending || pending.kind !== 'pending') return 'pendingNotFound';
  if (pending.state !== 'pending') return 'pendingAlreadyResolved';
  return 'ok';
}
