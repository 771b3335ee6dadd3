/**
 * What a transfer costs and gives, computed as the server does: the fuel fee is a percentage of
 * the amount, rounded up, paid by the sender on top of it; the bonus is a percentage of the
 * amount, rounded down, paid by the platform to the recipient. The server's figures win; these
 * are the preview and the checks made before sending.
 */
import type { TransferConfig } from '@pp/contract';
import { amountProblem, parseAmount, percentOf, type AmountLimits, type AmountProblem } from '@pp/contract';

export interface TransferQuote {
  amount: bigint;
  fee: bigint;
  bonus: bigint;
  /** Leaves the sender's available balance: amount + fee. */
  debited: bigint;
  /** Reaches the recipient: amount + bonus. */
  credited: bigint;
}

export function transferQuote(config: Pick<TransferConfig, 'feePercent' | 'bonusPercent'>, amountText: string): TransferQuote | null {
  const amount = parseAmount(amountText);
  if (amount === null || amount <= 0n) return null;
  const fee = percentOf(amount, config.feePercent, 'up');
  const bonus = percentOf(amount, config.bonusPercent, 'down');
  if (fee === null || bonus === null) return null;
  return { amount, fee, bonus, debited: amount + fee, credited: amount + bonus };
}

/** The first rule the amount breaks: the configured minimum, and amount + fee within the balance. */
export function transferAmountProblem(
  config: Pick<TransferConfig, 'feePercent' | 'minimum'>,
  amountText: string,
  available: string | undefined,
): AmountProblem | null {
  return amountProblem(amountText, {
    minimum: config.minimum,
    available,
    extra: (amount) => percentOf(amount, config.feePercent, 'up') ?? 0n,
  });
}

/** What the Max button may fill: the balance less the fuel fee the sender pays on top, at least the minimum. */
export function transferLimits(config: Pick<TransferConfig, 'feePercent' | 'minimum'>, available: string): AmountLimits {
  return { available, feeOf: (amount) => percentOf(amount, config.feePercent, 'up') ?? 0n, minimum: config.minimum };
}
