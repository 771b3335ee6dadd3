/**
 * The withdraw form's preview and checks, by the server's rules: the fee and the total held come
 * from the contract's `withdrawalFeeOf`, a bank type's payout in the local currency from its
 * `withdrawalLocalAmountOf` (amount x rate rounded down to the cent): one function each for both
 * sides. The server's answer wins; these are the preview and the checks made before sending.
 */
import {
  amountMaxMinor,
  withdrawalFeeOf,
  withdrawalLocalAmountOf,
  type WithdrawalTypeEntry,
  amountProblem,
  parseAmount,
  parsePoints,
  type AmountProblem,
  type AmountLimits,
} from '@pp/contract';

export interface WithdrawalQuote {
  amount: bigint;
  fee: bigint;
  /** Leaves the available balance (held until paid): amount + fee. */
  total: bigint;
  /** A bank type: what the member receives in `currency`, as "1234.50"; null on chain. */
  localAmount: string | null;
}

export type WithdrawalAmountProblem = AmountProblem | { key: 'validation.maximumAmount'; params: { x: string } };

export function withdrawalQuote(type: WithdrawalTypeEntry, amountText: string): WithdrawalQuote | null {
  const amount = parseAmount(amountText);
  if (amount === null || amount <= 0n || amount > amountMaxMinor) return null;
  const fee = withdrawalFeeOf(amountText, type);
  if (!fee) return null;
  const localAmount = type.channel === 'bank' && type.rate !== null ? withdrawalLocalAmountOf(amountText, type.rate) : null;
  return { amount, fee: fee.fee, total: fee.total, localAmount };
}

/**
 * The first rule the amount breaks, in the order the member should fix them: present, a number,
 * above 0, at least the minimum, at most the maximum ("0": none), a multiple of the step, and
 * amount + fee within the available balance (when known).
 */
export function withdrawalAmountProblem(type: WithdrawalTypeEntry, amountText: string, available: string | undefined): WithdrawalAmountProblem | null {
  const basic = amountProblem(amountText, { minimum: type.minimum });
  if (basic) return basic;
  const amount = parseAmount(amountText)!;
  const maximum = parsePoints(type.maximum);
  if (maximum !== null && maximum > 0n && amount > maximum) return { key: 'validation.maximumAmount', params: { x: type.maximum } };
  return amountProblem(amountText, {
    multipleOf: type.multipleOf,
    available,
    extra: () => withdrawalFeeOf(amountText, type)?.fee ?? 0n,
  });
}

/** What the Max button may fill for this type: the balance less the fee (fixed plus percent), within the type's minimum, maximum and step. */
export function withdrawalLimits(type: WithdrawalTypeEntry, available: string): AmountLimits {
  return {
    available,
    feeOf: (amount) => withdrawalFeeOf(amount, type)?.fee ?? 0n,
    minimum: type.minimum,
    maximum: type.maximum,
    multipleOf: type.multipleOf,
  };
}
