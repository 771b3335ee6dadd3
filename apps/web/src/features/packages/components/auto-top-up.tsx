import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SwitchField, showToast, useSubmit } from '@pp/browser-kit';
import { updateAutoTopUp } from '../api/update-auto-top-up';

interface AutoTopUpSwitchProps {
  /** The member's setting now, or undefined while it loads. */
  value: boolean | undefined;
  /** Saved: whoever shows the setting should read it again. */
  onChanged: () => void;
}

/** Auto top-up: released rewards grow the holding's principal instead of the available balance. */
export function AutoTopUpSwitch({ value, onChanged }: AutoTopUpSwitchProps) {
  const { t } = useTranslation();
  const { isPending: isBusy, run } = useSubmit();
  // Shown at once; the saved value replaces it when it is read again.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const checked = optimistic ?? value ?? false;
  const change = (next: boolean) => {
    setOptimistic(next);
    void run(async () => {
      try {
        await updateAutoTopUp(next);
      } finally {
        setOptimistic(null);
      }
      showToast('success', next ? t('packages.autoTopUp.turnedOn') : t('packages.autoTopUp.turnedOff'));
      onChanged();
    });
  };
  return (
    <div className="stack-tight" data-testid="auto-top-up">
      <SwitchField
        label={t('packages.autoTopUp.label')}
        checked={checked}
        onCheckedChange={change}
        stateText={checked ? t('common.on') : t('common.off')}
        disabled={value === undefined || isBusy}
      />
      <p className="card-note">{t('packages.autoTopUp.hint')}</p>
    </div>
  );
}
