import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '@pp/browser-kit';
import { noRecordFilters, type RecordFilterValues } from '../record-filters';

type Option = { value: string; label: string };

interface RecordFilterBarProps {
  values: RecordFilterValues;
  onChange: (values: RecordFilterValues) => void;
  statusOptions: readonly Option[];
  typeOptions: readonly Option[];
  coinOptions: readonly Option[];
  isRangeInverted: boolean;
  /** The words of what is wrong with the typed amount or reference, if anything. */
  amountError?: string;
  referenceError?: string;
  canReset: boolean;
}

/** Spec section 3's record filters; each change applies at once. */
export function RecordFilterBar({
  values,
  onChange,
  statusOptions,
  typeOptions,
  coinOptions,
  isRangeInverted,
  amountError,
  referenceError,
  canReset,
}: RecordFilterBarProps) {
  const { t } = useTranslation();
  const set = (name: keyof RecordFilterValues) => (value: string) => onChange({ ...values, [name]: value });
  return (
    <form className="filter-bar" role="search" aria-label={t('records.filters')} onSubmit={(e) => e.preventDefault()}>
      <SelectField label={t('records.status')} value={values.status} onValueChange={set('status')} options={statusOptions} placeholder={t('records.all')} />
      <SelectField label={t('records.type')} value={values.type} onValueChange={set('type')} options={typeOptions} placeholder={t('records.all')} />
      <SelectField
        label={t('records.walletType')}
        value={values.coinName}
        onValueChange={set('coinName')}
        options={coinOptions}
        placeholder={t('records.all')}
      />
      <TextField label={t('records.fromDay')} type="date" value={values.fromDay} onValueChange={set('fromDay')} max={values.toDay || undefined} />
      <TextField
        label={t('records.toDay')}
        type="date"
        value={values.toDay}
        onValueChange={set('toDay')}
        min={values.fromDay || undefined}
        error={isRangeInverted ? t('records.rangeInverted') : undefined}
      />
      <TextField
        label={t('records.searchAmount')}
        value={values.amount}
        onValueChange={set('amount')}
        inputMode="decimal"
        autoComplete="off"
        maxLength={24}
        error={amountError}
      />
      <TextField
        label={t('records.searchReference')}
        value={values.reference}
        onValueChange={set('reference')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={100}
        hint={referenceError ? undefined : t('records.searchReferenceHint')}
        error={referenceError}
      />
      <div className="filter-actions">
        <Button variant="ghost" disabled={!canReset} onClick={() => onChange(noRecordFilters)}>
          {t('records.reset')}
        </Button>
      </div>
    </form>
  );
}
