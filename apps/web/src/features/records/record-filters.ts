/**
 * The records filter form (spec section 3: status, transaction type, wallet type, date from and
 * to) turned into the request. Values come from selects and date inputs as strings; anything the
 * contract does not know is left out rather than sent, so a stale URL cannot make a bad request.
 */
import { coinNames, transactionStatuses, transactionTypes } from '@pp/contract';
import { localDayEndMs, localDayStartMs } from '../../lib/dates';
import type { RecordFilters } from './api/assets-record-list';

export interface RecordFilterValues {
  status: string;
  type: string;
  coinName: string;
  /** A native date input's value, "YYYY-MM-DD", or "". */
  fromDay: string;
  toDay: string;
}

export const noRecordFilters: RecordFilterValues = { status: '', type: '', coinName: '', fromDay: '', toDay: '' };

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined => ((list as readonly string[]).includes(value) ? (value as T) : undefined);

/** The request for the values, or `rangeError` when "from" is after "to" (nothing is sent then). */
export function recordFiltersRequest(values: RecordFilterValues): { filters: RecordFilters; isRangeInverted: boolean } {
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
  return { filters, isRangeInverted: fromMs !== undefined && toMs !== undefined && fromMs > toMs };
}

export const hasRecordFilters = (values: RecordFilterValues): boolean => Object.values(values).some((v) => v !== '');
