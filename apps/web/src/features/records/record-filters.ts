/**
 * The records filter form (spec section 3: status, transaction type, wallet type, date from and
 * to) turned into the request. Values come from selects and date inputs as strings; anything the
 * contract does not know is left out rather than sent, so a stale URL cannot make a bad request.
 */
import { amountInput, coinNames, recordListRequest, transactionStatuses, transactionTypes } from '@pp/contract';
import { localDayEndMs, localDayStartMs } from '../../lib/dates';
import type { RecordFilters } from './api/assets-record-list';

export interface RecordFilterValues {
  status: string;
  type: string;
  coinName: string;
  /** A native date input's value, "YYYY-MM-DD", or "". */
  fromDay: string;
  toDay: string;
  /** An amount as typed: records of that amount, in or out. */
  amount: string;
  /** A record id, request id, or the id or number of an exchange, withdrawal or transfer. */
  reference: string;
}

export const noRecordFilters: RecordFilterValues = { status: '', type: '', coinName: '', fromDay: '', toDay: '', amount: '', reference: '' };

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined => ((list as readonly string[]).includes(value) ? (value as T) : undefined);

const referenceInput = recordListRequest.shape.reference.unwrap();

/**
 * The request for the values; `isRangeInverted` when "from" is after "to", and an amount or a
 * reference the contract would refuse as the field's error key: nothing is sent then.
 */
export function recordFiltersRequest(values: RecordFilterValues): {
  filters: RecordFilters;
  isRangeInverted: boolean;
  amountError: string | null;
  referenceError: string | null;
} {
  const fromMs = localDayStartMs(values.fromDay) ?? undefined;
  // "To" includes the whole of that day.
  const toMs = localDayEndMs(values.toDay) ?? undefined;
  const filters: RecordFilters = {};
  const status = oneOf(transactionStatuses, values.status);
  const type = oneOf(transactionTypes, values.type);
  const coinName = oneOf(coinNames, values.coinName);
  if (status) filters.status = status;
  if (type) filters.type = type;
  if (coinName) filters.coinName = coinName;
  if (fromMs !== undefined) filters.fromMs = fromMs;
  if (toMs !== undefined) filters.toMs = toMs;
  let amountError: string | null = null;
  if (values.amount.trim() !== '') {
    const amount = amountInput.safeParse(values.amount);
    if (amount.success) filters.amount = amount.data;
    else amountError = amount.error.issues[0]?.message ?? 'validation.enterValidAmount';
  }
  let referenceError: string | null = null;
  if (values.reference.trim() !== '') {
    const reference = referenceInput.safeParse(values.reference);
    if (reference.success) filters.reference = reference.data;
    else referenceError = reference.error.issues[0]?.message ?? 'validation.enterValidValue';
  }
  return { filters, isRangeInverted: fromMs !== undefined && toMs !== undefined && fromMs > toMs, amountError, referenceError };
}

export const hasRecordFilters = (values: RecordFilterValues): boolean => Object.values(values).some((v) => v !== '');
