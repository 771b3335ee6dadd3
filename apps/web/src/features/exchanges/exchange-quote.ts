/**
 * What an exchange will cost and give, computed as the server does (apps/server exchanges
 * service): the source amount times the rate, rounded down, is the gross in target points; the
 * fee is its percentage, rounded up; the member receives the rest. The server's figures win;
 * these are the preview and the checks made before sending.
 */
import type { ExchangeType } from '@pp/contract';
import { amountProblem, multiplyRate, parseAmount, percentOf, type AmountLimits, type AmountProblem } from '@pp/contract';

export interface ExchangeQuote {
  /** Source points held, then spent. */
  amount: bigint;
  /** Fee in target points. */
  fee: bigint;
  /** Target points credited after approval. */
  received: bigint;
}

export function exchangeQuote(type: ExchangeType, amountText: string): ExchangeQuote | null {
  const amount = parseAmount(amountText);
  if (amount === null || amount <= 0n) return null;
  const gross = multiplyRate(amount, type.rate);
  if (gross === null) return null;
  const fee = percentOf(gross, type.feePercent, 'up');
  if (fee === null) return null;
  return { amount, fee, received: gross - fee };
}

/** The first rule the amount breaks for this type and balance, as the server would say it. */
export function exchangeAmountProblem(type: ExchangeType, amountText: string, available: string | undefined): AmountProblem | null {
  const problem = amountProblem(amountText, { minimum: type.minimum, multipleOf: type.multipleOf, available });
  if (problem) return problem;
  const quote = exchangeQuote(type, amountText);
  // Nothing would be left after the fee: the server refuses it with the minimum's message.
  if (quote && quote.received <= 0n) return { key: 'validation.minimumAmount', params: { x: type.minimum } };
  return null;
}

/**
 * What the Max button may fill: the whole source balance, within the minimum and step; the fee is
 * taken from the target points received, not from the balance.
 */
export function exchangeLimits(type: ExchangeType, available: string): AmountLimits {
  return { available, minimum: type.minimum, multipleOf: type.multipleOf };
}
