// The ledger's rules without a database: one case per named result, the order the checks run in,
// and the totals a change leaves. balance-check.int.test.ts holds the repository to the same rules
// on both databases.
import { describe, expect, it } from 'vitest';
import { accountTotalMaxMinor as totalMax, amountMaxMinor, balanceMaxMinor as balanceMax } from '@pp/contract';
import {
  applyLeg,
  checkReplay,
  checkResolve,
  checkTransfer,
  resolveChange,
  resolveResults,
  transferChange,
  transferResults,
  type AccountTotals,
  type ResolveResult,
  type TransferRequest,
  type TransferResult,
} from './rules.ts';

const empty: AccountTotals = { isSystem: false, debitsPosted: 0n, creditsPosted: 0n, debitsPending: 0n, creditsPending: 0n };
const memberWith = (totals: Partial<AccountTotals>, id = 'member') => ({ ...empty, ...totals, id });
const systemWith = (totals: Partial<AccountTotals>, id = 'system') => ({ ...empty, ...totals, isSystem: true, id });
const ask = (amount: bigint, coins: Partial<TransferRequest> = {}): TransferRequest => ({
  amount,
  coinName: 'USDT',
  debitCoinName: 'USDT',
  creditCoinName: 'USDT',
  ...coins,
});

/** Each result with a transfer that gives it, and nothing earlier in the order. */
const transferCases: Array<{
  result: TransferResult;
  request: TransferRequest;
  debit: AccountTotals & { id: string };
  credit: AccountTotals & { id: string };
}> = [
  { result: 'ok', request: ask(10n), debit: memberWith({ creditsPosted: 10n }), credit: systemWith({}) },
  { result: 'amountMustBePositive', request: ask(0n), debit: memberWith({ creditsPosted: 10n }), credit: systemWith({}) },
  { result: 'amountTooLarge', request: ask(amountMaxMinor + 1n), debit: systemWith({}), credit: memberWith({}) },
  { result: 'legsMustShareCoin', request: ask(1n, { creditCoinName: 'ASSETS_POINT' }), debit: systemWith({}), credit: memberWith({}) },
  { result: 'accountsMustDiffer', request: ask(1n), debit: memberWith({ creditsPosted: 10n }, 'same'), credit: memberWith({ creditsPosted: 10n }, 'same') },
  { result: 'insufficientBalance', request: ask(11n), debit: memberWith({ creditsPosted: 10n }), credit: systemWith({}) },
  { result: 'debitExceedsCeiling', request: ask(5n), debit: systemWith({ debitsPosted: totalMax - 4n }), credit: memberWith({}) },
  { result: 'creditExceedsCeiling', request: ask(2n), debit: systemWith({}), credit: memberWith({ creditsPosted: balanceMax - 1n }) },
];

describe('checkTransfer', () => {
  it('names every transfer result once in this table', () => {
    expect(transferCases.map((c) => c.result).sort()).toEqual(
      transferResults
        .filter((r) => r !== 'requestIdReused')
        .slice()
        .sort(),
    );
  });

  it.each(transferCases)('$result', ({ result, request, debit, credit }) => {
    expect(checkTransfer(request, debit, credit)).toBe(result);
  });

  it('checks the amount before the accounts', () => {
    expect(checkTransfer(ask(-1n), memberWith({}, 'same'), memberWith({}, 'same'))).toBe('amountMustBePositive');
  });

  it('checks the debit leg before the credit leg', () => {
    expect(checkTransfer(ask(5n), memberWith({}), memberWith({ creditsPosted: balanceMax }, 'other'))).toBe('insufficientBalance');
  });

  it('counts neither pending credits towards funds nor pending debits towards room', () => {
    expect(checkTransfer(ask(11n), memberWith({ creditsPosted: 10n, creditsPending: 100n }), systemWith({}))).toBe('insufficientBalance');
    expect(checkTransfer(ask(1n), systemWith({}), memberWith({ creditsPosted: balanceMax, debitsPending: 1n }))).toBe('creditExceedsCeiling');
  });

  it('lets a system account go negative but not past its total ceiling', () => {
    expect(checkTransfer(ask(5n), systemWith({}), memberWith({}))).toBe('ok');
    expect(checkTransfer(ask(1n), memberWith({}), systemWith({ creditsPosted: totalMax }))).toBe('insufficientBalance');
    expect(checkTransfer(ask(1n), systemWith({}), systemWith({ creditsPosted: totalMax }, 'other'))).toBe('creditExceedsCeiling');
  });
});

describe('checkReplay', () => {
  it('new: the request id was not seen', () => expect(checkReplay(undefined, 'h')).toBe('new'));
  it('exists: the same body again', () => expect(checkReplay('h', 'h')).toBe('exists'));
  it('requestIdReused: another body under the same id', () => expect(checkReplay('h', 'other')).toBe('requestIdReused'));
});

describe('checkResolve', () => {
  const cases: Array<{ result: ResolveResult; pending: { kind: string; state: string } | undefined }> = [
    { result: 'ok', pending: { kind: 'pending', state: 'pending' } },
    { result: 'pendingNotFound', pending: undefined },
    { result: 'pendingAlreadyResolved', pending: { kind: 'pending', state: 'voided' } },
  ];
  it('names every resolve result once in this table', () => {
    expect(cases.map((c) => c.result).sort()).toEqual(resolveResults.slice().sort());
  });
  it.each(cases)('$result', ({ result, pending }) => expect(checkResolve(pending)).toBe(result));
  it('pendingNotFound for a transfer that is not a hold', () => expect(checkResolve({ kind: 'posted', state: 'final' })).toBe('pendingNotFound'));
  it('pendingAlreadyResolved for a posted hold', () => expect(checkResolve({ kind: 'pending', state: 'posted' })).toBe('pendingAlreadyResolved'));
});

describe('the totals a change leaves', () => {
  const member = memberWith({ creditsPosted: 100n });
  it('a posted transfer adds to posted, a hold to pending', () => {
    expect(applyLeg(member, 'debit', transferChange(30n, false))).toMatchObject({ debitsPosted: 30n, debitsPending: 0n });
    expect(applyLeg(member, 'debit', transferChange(30n, true))).toMatchObject({ debitsPosted: 0n, debitsPending: 30n });
    expect(applyLeg(member, 'credit', transferChange(30n, false))).toMatchObject({ creditsPosted: 130n, creditsPending: 0n });
  });
  it('posting a hold moves it from pending to posted; voiding gives it back', () => {
    const held = applyLeg(member, 'debit', transferChange(30n, true));
    expect(applyLeg(held, 'debit', resolveChange(30n, 'post'))).toMatchObject({ debitsPosted: 30n, debitsPending: 0n });
    expect(applyLeg(held, 'debit', resolveChange(30n, 'void'))).toMatchObject({ debitsPosted: 0n, debitsPending: 0n });
  });
});
