import type { RecordEntry } from '@pp/contract';
import type { TFunction } from '../../../lib/i18n';

/** A record's type as members read it; a plan bonus by its bonus type (decision 022), which the ledger code alone does not always tell. */
export function recordTypeName(t: TFunction, record: Pick<RecordEntry, 'type' | 'bonus'>): string {
  return record.bonus ? t(`plan.bonusTypes.${record.bonus.bonusType}`) : t(`records.types.${record.type}`);
}
