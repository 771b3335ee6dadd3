import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { depositCreateRequest, groupBankNumber, type BankDepositConfig, type UploadInfo, formatDecimal, formatExact } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { CopyButton, showToast, TextField, useForm, useSubmit } from '@pp/browser-kit';
import { currentLanguage, translateKey } from '../../../lib/i18n';
import { formatAmount } from '@pp/contract';
import { createDeposit } from '../api/deposit-create';
import { bankDepositAmountProblem, bankTransferAmount } from '../bank-deposit-quote';
import { FileUploadField } from './file-upload-field';
import { describeTimeZone } from '../../../lib/dates';

/** No request id here: the contract's keyed endpoint adds it, and it is the submit hook's business. */
const depositInput = depositCreateRequest;
const empty = { amount: '', receiptNumber: '', receiptFileId: '', otherFileId: '' };

/** Errors the server names by key that belong under a field (the rest are toasts only). */
const fieldOfError = {
  'upload.notFound': 'receiptFileId',
  'deposit.tooManyPending': 'amount',
} as const;

interface BankDepositFormProps {
  config: BankDepositConfig;
  onDeposited: () => void;
}

/**
 * Bank deposit: the member transfers the local-currency amount to the bank shown, then sends
 * the USD amount, the receipt number and a photo of the receipt (and any other file) for review.
 */
export function BankDepositForm({ config, onDeposited }: BankDepositFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const zone = describeTimeZone(config.window.timeZone, language);
  const zoneText = zone.name === zone.offset ? zone.offset : t('deposit.timeZoneValue', { name: zone.name, offset: zone.offset });
  const { isPending: isBusy, runWithKey } = useSubmit();
  const form = useForm(empty);
  const { values, errors, setValue } = form;
  const [receipt, setReceipt] = useState<UploadInfo | null>(null);
  const [other, setOther] = useState<UploadInfo | null>(null);
  const [uploadsUnderWay, setUploadsUnderWay] = useState(0);
  const trackUpload = (isBusyNow: boolean) => setUploadsUnderWay((n) => Math.max(0, n + (isBusyNow ? 1 : -1)));

  const local = bankTransferAmount(config, values.amount);
  const hasStep = config.multipleOf !== '0' && /[1-9]/.test(config.multipleOf);
  const { recipient } = config;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBusy || uploadsUnderWay > 0) return;
    const input = { amount: values.amount, receiptNumber: values.receiptNumber, receiptFileId: receipt?.id ?? '', ...(other ? { otherFileId: other.id } : {}) };
    const body = form.validate(depositInput, input);
    const problem = values.amount.trim() === '' ? null : bankDepositAmountProblem(config, values.amount);
    if (problem) form.setErrors((current) => ({ ...current, amount: translateKey(problem.key, problem.params) }));
    if (!body || problem) return;
    void runWithKey(
      body,
      async (payload, requestId) => {
        try {
          await createDeposit(payload, requestId);
        } catch (error) {
          form.showServerError(error, fieldOfError);
          throw error;
        }
      },
      () => {
        form.reset();
        setReceipt(null);
        setOther(null);
        showToast('success', t('deposit.submitted'));
        onDeposited();
      },
    );
  };

  return (
    <form className="form money-form bank-deposit-form" onSubmit={submit} noValidate aria-busy={isBusy || undefined}>
      <section className="bank-recipient" aria-labelledby="bank-recipient-title">
        <h3 id="bank-recipient-title" className="section-title">
          {t('deposit.recipientTitle')}
        </h3>
        <dl className="info-list info-list-compact">
          <div className="info-row">
            <dt>{t('deposit.bankName')}</dt>
            <dd className="break" data-user-content>
              {recipient.bankName}
            </dd>
          </div>
          <div className="info-row">
            <dt>{t('deposit.accountName')}</dt>
            <dd className="break">
              <span data-user-content>{recipient.accountName}</span> <CopyButton text={recipient.accountName} label={t('deposit.copyAccountName')} />
            </dd>
          </div>
          <div className="info-row">
            <dt>{t('deposit.accountNumber')}</dt>
            <dd className="mono">
              <span data-user-content>{groupBankNumber(recipient.accountNumber)}</span>{' '}
              <CopyButton text={recipient.accountNumber.replace(/\s+/g, '')} label={t('deposit.copyAccountNumber')} />
            </dd>
          </div>
        </dl>
        <p className="field-hint">{t('deposit.window', { from: config.window.from, to: config.window.to, timeZone: zoneText })}</p>
        <p className="field-hint">
          {t('deposit.limits', { minimum: formatExact(config.minimum, language), maximum: formatExact(config.maximum, language) })}
          {hasStep ? ` ${t('deposit.step', { step: formatDecimal(config.multipleOf, language) })}` : ''}
        </p>
      </section>
      <TextField
        label={t('deposit.amountUsd')}
        value={values.amount}
        onValueChange={(v) => setValue('amount', v)}
        error={errors.amount}
        inputMode="decimal"
        autoComplete="off"
        maxLength={24}
        hint={t('deposit.minimum', { amount: formatExact(config.minimum, language) })}
      />
      <dl className="preview" aria-live="polite">
        <div>
          <dt>{t('deposit.rate')}</dt>
          <dd>{t('deposit.rateValue', { rate: formatDecimal(config.rate, language), currency: config.currency })}</dd>
        </div>
        <div className="preview-total">
          <dt>{t('deposit.transferAmount')}</dt>
          <dd>{local ? `${formatAmount(local, language)} ${config.currency}` : '—'}</dd>
        </div>
      </dl>
      <TextField
        label={t('deposit.receiptNumber')}
        value={values.receiptNumber}
        onValueChange={(v) => setValue('receiptNumber', v)}
        error={errors.receiptNumber}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
      />
      <FileUploadField
        label={t('deposit.receiptImage')}
        hint={t('deposit.fileHint', { megabytes: Math.floor(config.uploadBytesMax / (1024 * 1024)) })}
        value={receipt}
        onValueChange={(v) => {
          setReceipt(v);
          if (v) form.setErrors((current) => ({ ...current, receiptFileId: undefined }));
        }}
        error={errors.receiptFileId}
        accept={config.mimeTypes}
        bytesMax={config.uploadBytesMax}
        shrinkSidePx={config.browserImageSidePx}
        onBusyChange={trackUpload}
      />
      <FileUploadField
        label={t('deposit.otherFile')}
        value={other}
        onValueChange={setOther}
        error={errors.otherFileId}
        accept={config.mimeTypes}
        bytesMax={config.uploadBytesMax}
        shrinkSidePx={config.browserImageSidePx}
        onBusyChange={trackUpload}
      />
      <Button type="submit" isBusy={isBusy} disabled={uploadsUnderWay > 0}>
        {t('deposit.submit')}
      </Button>
    </form>
  );
}
