import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { adjustmentCreateRequest } from '@pp/contract';
import { DialogActions } from '../../../components/ui/confirm-form';
import { paths } from '../../../lib/paths';
import { Dialog, SelectField, TextAreaField, TextField, useRequestId, showToast, useSubmit } from '@pp/browser-kit';
import { reasonLengthMax } from '../../../components/ui/reason-dialog';
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
  const [isPending, setIsPending] = useState(false);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('adjust.title', { name: memberName })} isLocked={isPending}>
      <AdjustmentForm memberId={memberId} onClose={onClose} isPending={isPending} setIsPending={setIsPending} />
    </Dialog>
  );
}

function AdjustmentForm({
  memberId,
  onClose,
  isPending,
  setIsPending,
}: {
  memberId: string;
  onClose: () => void;
  isPending: boolean;
  setIsPending: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  const requestIds = useRequestId();
  const [values, setValues] = useState({ coinName: 'USDT' as Coin, direction: 'credit' as Direction, amount: '', reason: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState<string | null>(null);
  const {
    formError,
    setFormError,
    isRunning: isBusy,
    run,
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
    if (reason === '') next.reason = t('form.reasonRequired');
    else if (reason.length > reasonLengthMax) next.reason = t('form.reasonTooLong', { max: reasonLengthMax });
    setErrors(next);
    setFormError(null);
    if (next.amount || next.reason) return;
    const payload = { memberId, coinName: values.coinName, direction: values.direction, amount, reason };
    await run(
      () => createAdjustment({ ...payload, requestId: requestIds.idFor(payload) }),
      (answer) => {
        requestIds.reset();
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
    <form
      className="dialog-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
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
      <TextAreaField
        id="adjust-reason"
        label={t('form.reason')}
        hint={t('adjust.reasonHint')}
        value={values.reason}
        onValueChange={set('reason')}
        error={errors.reason}
        maxLength={reasonLengthMax}
        required
        disabled={isPending}
      />
      <DialogActions formError={formError} isPending={isPending} onCancel={onClose} actionLabel={t('adjust.submit')} />
    </form>
  );
}
