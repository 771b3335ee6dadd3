import { useTranslation } from 'react-i18next';
import { transferCreateRequest, type TransferConfig, formatExact, formatDecimal } from '@pp/contract';
import { useDebounced } from '../../../lib/use-debounced';
import { useRecipientCheck } from '../api/transfer-recipient';
import { RecentRecipients } from './recent-recipients';
import { RecipientAvatar } from './recipient-avatar';
import { RecipientPreview } from './recipient-preview';
import { MoneyForm, useMoneyForm } from '../../../components/money-form/money-form';
import { SelectField, TextField, useForm, showToast } from '@pp/browser-kit';
import { AmountShortcuts } from '../../../components/ui/amount-shortcuts';
import { currentLanguage, translateKey } from '../../../lib/i18n';
import { createTransfer, type TransferCreateInput } from '../api/transfer-create';
import { transferAmountProblem, transferLimits, transferQuote } from '../transfer-quote';

/** No request id here: the contract's keyed endpoint adds it, and it is the money form's own business (useMoneyForm). */
const transferInput = transferCreateRequest;
const empty = { transferType: 'internalTransfer', toUserName: '', coinName: '', amount: '', transactionPassword: '' };

/** Errors the server names by key that belong under a field (the rest are toasts only). */
const fieldOfError = {
  'transfer.recipientNotFound': 'toUserName',
  'transfer.toSelf': 'toUserName',
  'user.txPasswordWrong': 'transactionPassword',
  'user.txLocked': 'transactionPassword',
  'ledger.insufficientBalance': 'amount',
} as const;

interface TransferFormProps {
  config: TransferConfig;
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  /** The member's own username: a transfer to oneself is refused before it is sent. */
  selfUserName: string | undefined;
  onTransferred: () => void;
}

/** Transfer points to another member: fill in, check the summary, confirm. */
export function TransferForm({ config, availableOf, coinLabel, selfUserName, onTransferred }: TransferFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const form = useForm(empty);
  const { values, errors, setValue } = form;

  // The recipient is checked once the member stops typing, a name of the contract's shape only.
  const typedName = values.toUserName.trim();
  const settledName = useDebounced(typedName.length <= 64 ? typedName : '', 400);
  const recipient = useRecipientCheck(settledName);
  const checkedName = settledName === typedName && !recipient.isPlaceholderData ? recipient.data : undefined;

  const available = values.coinName ? availableOf(values.coinName) : undefined;
  const quote = transferQuote(config, values.amount);
  const coin = values.coinName ? coinLabel(values.coinName) : '';
  const money = (minor: bigint) => `${formatExact(minor, language)} ${coin}`.trim();

  const flow = useMoneyForm({
    check: (): TransferCreateInput | null => {
      const body = form.validate(transferInput, values);
      const extra: Partial<Record<keyof typeof empty, string>> = {};
      if (values.amount.trim() !== '') {
        const problem = transferAmountProblem(config, values.amount, available);
        if (problem) extra.amount = translateKey(problem.key, problem.params);
      }
      if (body && values.coinName && !config.coins.includes(body.coinName)) extra.coinName = translateKey('validation.choosePointType');
      if (selfUserName && values.toUserName.trim().toLowerCase() === selfUserName.toLowerCase()) extra.toUserName = translateKey('errors.transfer.toSelf');
      if (Object.keys(extra).length > 0) form.setErrors((current) => ({ ...current, ...extra }));
      return body && Object.keys(extra).length === 0 ? body : null;
    },
    send: (body, requestId) => createTransfer(body, requestId),
    // Back to the form, where the field at fault shows why.
    onRefused: (error) => form.showServerError(error, fieldOfError),
    onDone: () => {
      form.reset();
      showToast('success', t('transfer.done'));
      onTransferred();
    },
  });

  return (
    <MoneyForm
      flow={flow}
      password={{ label: t('transfer.transactionPassword'), ...form.bind('transactionPassword') }}
      submitLabel={t('transfer.submit')}
      confirmation={{
        title: t('transfer.confirmTitle'),
        confirmLabel: t('transfer.confirm'),
        cancelLabel: t('transfer.back'),
        summary: (pending) => {
          const pendingQuote = transferQuote(config, pending.amount);
          return pendingQuote ? (
            <dl className="info-list info-list-compact">
              <div className="info-row">
                <dt>{t('transfer.toUserName')}</dt>
                <dd className="break">{pending.toUserName}</dd>
              </div>
              {checkedName?.recipient && pending.toUserName.trim() === settledName ? (
                <div className="info-row">
                  <dt>{t('transfer.recipient.confirmLabel')}</dt>
                  <dd className="recipient-confirm" data-testid="recipient-confirm">
                    <RecipientAvatar avatar={checkedName.recipient.avatar} size="sm" />
                    <span>{checkedName.recipient.maskedName}</span>
                  </dd>
                </div>
              ) : null}
              <div className="info-row">
                <dt>{t('transfer.amount')}</dt>
                <dd>{`${formatExact(pendingQuote.amount, language)} ${coinLabel(pending.coinName)}`}</dd>
              </div>
              <div className="info-row">
                <dt>{t('transfer.fee')}</dt>
                <dd>{`${formatExact(pendingQuote.fee, language)} ${coinLabel(pending.coinName)}`}</dd>
              </div>
              <div className="info-row">
                <dt>{t('transfer.credited')}</dt>
                <dd>{`${formatExact(pendingQuote.credited, language)} ${coinLabel(pending.coinName)}`}</dd>
              </div>
              <div className="info-row">
                <dt>{t('transfer.debited')}</dt>
                <dd>
                  <strong>{`${formatExact(pendingQuote.debited, language)} ${coinLabel(pending.coinName)}`}</strong>
                </dd>
              </div>
            </dl>
          ) : null;
        },
      }}
    >
      <SelectField
        label={t('transfer.transferType')}
        value={values.transferType}
        onValueChange={(v) => setValue('transferType', v)}
        options={config.transferTypes.map((type) => ({ value: type, label: t(`transfer.types.${type}`) }))}
        placeholder={t('common.selectPlaceholder')}
        error={errors.transferType}
      />
      <RecentRecipients onPick={(name) => setValue('toUserName', name)} />
      <TextField
        label={t('transfer.toUserName')}
        value={values.toUserName}
        onValueChange={(v) => setValue('toUserName', v)}
        error={errors.toUserName}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={64}
      />
      <RecipientPreview name={typedName === '' ? '' : settledName || typedName} isStale={settledName !== typedName} check={recipient} />
      <SelectField
        label={t('transfer.coinName')}
        value={values.coinName}
        onValueChange={(v) => setValue('coinName', v)}
        options={config.coins.map((c) => {
          const amount = availableOf(c);
          return {
            value: c,
            label: amount === undefined ? coinLabel(c) : t('transfer.coinOption', { coin: coinLabel(c), amount: formatExact(amount, language) }),
          };
        })}
        placeholder={t('common.selectPlaceholder')}
        error={errors.coinName}
        hint={available !== undefined ? t('transfer.available', { amount: formatExact(available, language), coin }) : undefined}
      />
      <TextField
        label={t('transfer.amount')}
        value={values.amount}
        onValueChange={(v) => setValue('amount', v)}
        error={errors.amount}
        inputMode="decimal"
        autoComplete="off"
        maxLength={24}
        hint={t('transfer.minimum', { amount: formatExact(config.minimum, language) })}
      />
      <AmountShortcuts limits={available !== undefined ? transferLimits(config, available) : null} onFill={(v) => setValue('amount', v)} />
      <dl className="preview" aria-live="polite">
        <div>
          <dt>{t('transfer.feeWithPercent', { percent: formatDecimal(config.feePercent, language) })}</dt>
          <dd>{quote ? money(quote.fee) : '—'}</dd>
        </div>
        <div>
          <dt>{t('transfer.bonusWithPercent', { percent: formatDecimal(config.bonusPercent, language) })}</dt>
          <dd>{quote ? money(quote.bonus) : '—'}</dd>
        </div>
        <div>
          <dt>{t('transfer.credited')}</dt>
          <dd>{quote ? money(quote.credited) : '—'}</dd>
        </div>
        <div className="preview-total">
          <dt>{t('transfer.debited')}</dt>
          <dd>{quote ? money(quote.debited) : '—'}</dd>
        </div>
      </dl>
    </MoneyForm>
  );
}
