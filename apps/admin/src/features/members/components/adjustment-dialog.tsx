import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adjustmentCreateRequest } from '@pp/contract';
import { ConfirmForm, PendingDialog, type Pending } from '../../../components/ui/confirm-form';
import { paths } from '../../../lib/paths';
import { SelectField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { ReasonField, reasonProblem } from '../../../components/ui/reason-dialog';
import { createAdjustment } from '../api/adjustment-create';

const coins = adjustmentCreateRequest.shape.coinName.options;
type Coin = (typeof coins)[number];
type Direction = 'credit' | 'debit';
type Field = 'coinName' | 'direction' | 'amount' | 'reason';
const fields: readonly Field[] = ['coinName', 'direction', 'amount', 'reason'];
const isField = (value: string | undefined): value is Field => fields.includes(value as Field);
const amountPattern = /^\d{1,15}(\.\d{1,6})?$/;

/** A manual credit or debit for one member; it waits in the manual-adjustment queue for approval. */
export function AdjustmentDialog({ isOpen, onClose, memberId, memberName }: { isOpen: boolean; onClose: () => void; memberId: string; memberName: string }) {
  const { t } = useTranslation();
  return (
    <PendingDialog isOpen={isOpen} onClose={onClose} title={t('adjust.title', { name: memberName })}>
      {(pending) => <AdjustmentForm memberId={memberId} onClose={onClose} pending={pending} />}
    </PendingDialog>
  );
}

function AdjustmentForm({ memberId, onClose, pending: { isPending, setIsPending } }: { memberId: string; onClose: () => void; pending: Pending }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ coinName: 'USDT' as Coin, direction: 'credit' as Direction, amount: '', reason: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState<string | null>(null);
  const {
    formError,
    setFormError,
    isRunning: isBusy,
    runWithKey,
  } = useSubmit({
    onBusyChange: setIsPending,
    fieldOf: (error) => (isField(error.details.field) ? error.details.field : undefined),
    showFieldError: (field, message) => setErrors({ [field]: message }),
  });
  const set = (name: Field) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    setFormError(null);
  };

  async function submit() {
    if (isBusy()) return;
    const amount = values.amount.trim();
    const reason = values.reason.trim();
    const next: typeof errors = {};
    if (!amountPattern.test(amount) || /^0*(\.0*)?$/.test(amount)) next.amount = t('adjust.amountRule');
    next.reason = reasonProblem(t, reason);
    setErrors(next);
    setFormError(null);
    if (next.amount || next.reason) return;
    const payload = { memberId, coinName: values.coinName, direction: values.direction, amount, reason };
    await runWithKey(
      payload,
      (adjustment, requestId) => createAdjustment({ ...adjustment, requestId }),
      (answer) => {
        showToast('success', t('adjust.submitted'));
        setSubmitted(answer.reviewId);
      },
    );
  }

  if (submitted) {
    return (
      <div className="dialog-form">
        <p className="notice notice-success" role="status">
          {t('adjust.submittedBody')}
        </p>
        <div className="dialog-actions">
          <Link className="btn" to={paths.reviewQueue('manualAdjustment')}>
            {t('adjust.openQueue')}
          </Link>
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      </div>
    );
  }

  return (
    <ConfirmForm onSubmit={() => void submit()} onClose={onClose} formError={formError} confirmLabel={t('adjust.submit')} isPending={isPending}>
      <p className="dialog-text">{t('adjust.intro')}</p>
      <SelectField
        id="adjust-direction"
        label={t('adjust.direction')}
        value={values.direction}
        onValueChange={set('direction')}
        options={[
          { value: 'credit', label: t('reviewValues.credit') },
          { value: 'debit', label: t('reviewValues.debit') },
        ]}
        error={errors.direction}
        disabled={isPending}
      />
      <SelectField
        id="adjust-coin"
        label={t('adjust.coin')}
        value={values.coinName}
        onValueChange={set('coinName')}
        options={coins.map((coin) => ({ value: coin, label: t(`coins.${coin}`) }))}
        error={errors.coinName}
        disabled={isPending}
      />
      <TextField
        id="adjust-amount"
        label={t('adjust.amount')}
        hint={t('adjust.amountRule')}
        value={values.amount}
        onValueChange={set('amount')}
        error={errors.amount}
        inputMode="decimal"
        autoComplete="off"
        maxLength={22}
        required
        disabled={isPending}
      />
      <ReasonField
        id="adjust-reason"
        hint={t('adjust.reasonHint')}
        value={values.reason}
        onValueChange={set('reason')}
        error={errors.reason}
        disabled={isPending}
      />
    </ConfirmForm>
  );
}
