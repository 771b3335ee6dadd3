/**
 * The checks made before a bank deposit is sent, the server's rules in the same order (minimum,
 * configured multiple, maximum), and the transfer amount in the local currency as the server
 * computes it (`localAmountOf`, rounded up to the cent). The server's answer wins.
 */
import { localAmountOf, type BankDepositConfig, amountProblem, parseAmount, parsePoints } from '@pp/contract';

export interface DepositAmountProblem {
  key: string;
  params?: { x: string };
}

export function bankDepositAmountProblem(
  config: Pick<BankDepositConfig, 'minimum' | 'maximum' | 'multipleOf'>,
  amountText: string,
): DepositAmountProblem | null {
  const problem = amountProblem(amountText, { minimum: config.minimum, multipleOf: config.multipleOf });
  if (problem) return problem;
  const amount = parseAmount(amountText);
  const maximum = parsePoints(config.maximum);
  if (amount !== null && maximum !== null && maximum > 0n && amount > maximum) return { key: 'validation.maximumAmount', params: { x: config.maximum } };
  return null;
}

/** What the member transfers in the local currency, or null while the amount is not a number. */
export function bankTransferAmount(config: Pick<BankDepositConfig, 'rate'>, amountText: string): string | null {
  const amount = parseAmount(amountText);
  if (amount === null || amount <= 0n) return null;
  return localAmountOf(amountText.trim(), config.rate);
}
