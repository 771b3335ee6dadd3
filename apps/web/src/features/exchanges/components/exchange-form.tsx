import { useTranslation } from 'react-i18next';
import { exchangeCreateRequest, type ExchangeType, formatExact, formatDecimal } from '@pp/contract';
import { MoneyForm, useMoneyForm } from '../../../components/money-form/money-form';
import { SelectField, TextField, useForm, showToast } from '@pp/browser-kit';
import { currentLanguage, translateKey } from '../../../lib/i18n';
import { createExchange, type ExchangeCreateInput } from '../api/exchange-create';
import { useExchangeTypeList } from '../api/exchange-type-list';
import { exchangeAmountProblem, exchangeLimits, exchangeQuote } from '../exchange-quote';
import { AmountShortcuts } from '../../../components/ui/amount-shortcuts';

/** No request id here: the contract's keyed endpoint adds it, and it is the money form's own business (useMoneyForm). */
const exchangeInput = exchangeCreateRequest;
const empty = { exchangeType: '', amount: '', transactionPassword: '' };

/** Errors the server names by key that belong under a field (the rest are toasts only). */
const fieldOfError = {
  'user.txPasswordWrong': 'transactionPassword',
  'user.txLocked': 'transactionPassword',
  'ledger.insufficientBalance': 'amount',
  'exchange.typeUnknown': 'exchangeType',
} as const;

interface ExchangeFormProps {
  /** Available points of a coin, or undefined while balances load (from the assets feature). */
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  /** An exchange was created: balances and the records list are out of date. */
  onExchanged: () => void;
}

export function ExchangeForm({ availableOf, coinLabel, onExchanged }: ExchangeFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const types = useExchangeTypeList();
  const form = useForm(empty);
  const { values, errors, setValue } = form;

  const type = types.data?.find((x) => x.exchangeType === values.exchangeType);
  const available = type ? availableOf(type.sourceCoin) : undefined;
  const quote = type ? exchangeQuote(type, values.amount) : null;

  const typeText = (x: ExchangeType) => {
    const params = {
      source: coinLabel(x.sourceCoin),
      target: coinLabel(x.targetCoin),
      rate: formatDecimal(x.rate, language),
      fee: formatDecimal(x.feePercent, language),
      minimum: formatExact(x.minimum, language),
      step: formatDecimal(x.multipleOf, language),
    };
    return /[1-9]/.test(x.multipleOf) ? t('exchange.typeOptionWithStep', params) : t('exchange.typeOption', params);
  };

  /** The checked request and its type wait for the member's confirmation (as a transfer does). */
  const flow = useMoneyForm({
    check: (): { body: ExchangeCreateInput; type: ExchangeType } | null => {
      const body = form.validate(exchangeInput, values);
      const chosen = types.data?.find((x) => x.exchangeType === values.exchangeType);
      // The contract checks the shape; the type's minimum, step and the balance are checked here too.
      const problem = chosen && values.amount.trim() !== '' ? exchangeAmountProblem(chosen, values.amount, availableOf(chosen.sourceCoin)) : null;
      if (problem) form.setErrors((current) => ({ ...current, amount: translateKey(problem.key, problem.params) }));
      return body && chosen && !problem ? { body, type: chosen } : null;
    },
    send: ({ body }, requestId) => createExchange(body, requestId),
    // Back to the form, where the field at fault shows why.
    onRefused: (error) => form.showServerError(error, fieldOfError),
    onDone: (created) => {
      form.reset();
      // A small exchange may be approved at once (exchange.autoApproveBelow): say so, not "waiting for review".
      showToast('success', created.status === 'approved' ? t('exchange.done') : t('exchange.submitted'));
      onExchanged();
    },
  });

  if (types.isError) {
    return (
      <div className="empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void types.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (types.data?.length === 0) return <p className="empty">{t('exchange.noTypes')}</p>;

  return (
    <MoneyForm
      flow={flow}
      password={{ label: t('exchange.transactionPassword'), ...form.bind('transactionPassword') }}
      submitLabel={t('exchange.submit')}
      confirmation={{
        title: t('exchange.confirmTitle'),
        confirmLabel: t('exchange.confirm'),
        cancelLabel: t('exchange.back'),
        summary: (pending) => {
          const pendingQuote = exchangeQuote(pending.type, pending.body.amount);
          return pendingQuote ? (
            <dl className="info-list info-list-compact" data-testid="exchange-confirm">
              <div className="info-row">
                <dt>{t('exchange.type')}</dt>
                <dd>{t('exchange.typeName', { source: coinLabel(pending.type.sourceCoin), target: coinLabel(pending.type.targetCoin) })}</dd>
              </div>
              <div className="info-row">
                <dt>{t('exchange.rate')}</dt>
                <dd>
                  {t('exchange.rateValue', {
                    source: coinLabel(pending.type.sourceCoin),
                    target: coinLabel(pending.type.targetCoin),
                    rate: formatDecimal(pending.type.rate, language),
                  })}
                </dd>
              </div>
              <div className="info-row">
                <dt>{t('exchange.deducted')}</dt>
                <dd>
                  <strong>{`${formatExact(pendingQuote.amount, language)} ${coinLabel(pending.type.sourceCoin)}`}</strong>
                </dd>
              </div>
              <div className="info-row">
                <dt>{t('exchange.feeWithPercent', { percent: formatDecimal(pending.type.feePercent, language) })}</dt>
                <dd>{`${formatExact(pendingQuote.fee, language)} ${coinLabel(pending.type.targetCoin)}`}</dd>
              </div>
              <div className="info-row">
                <dt>{t('exchange.received')}</dt>
                <dd>
                  <strong>{`${formatExact(pendingQuote.received, language)} ${coinLabel(pending.type.targetCoin)}`}</strong>
                </dd>
              </div>
            </dl>
          ) : null;
        },
      }}
    >
      <SelectField
        label={t('exchange.type')}
        value={values.exchangeType}
        onValueChange={(v) => setValue('exchangeType', v)}
        options={(types.data ?? []).map((x) => ({ value: x.exchangeType, label: typeText(x) }))}
        placeholder={types.data ? t('common.selectPlaceholder') : t('app.loading')}
        error={errors.exchangeType}
        disabled={!types.data}
      />
      <TextField
        label={type ? t('exchange.amountIn', { coin: coinLabel(type.sourceCoin) }) : t('exchange.amount')}
        value={values.amount}
        onValueChange={(v) => setValue('amount', v)}
        error={errors.amount}
        inputMode="decimal"
        autoComplete="off"
        maxLength={24}
        hint={
          type && available !== undefined ? t('exchange.available', { amount: formatExact(available, language), coin: coinLabel(type.sourceCoin) }) : undefined
        }
      />
      <AmountShortcuts limits={type && available !== undefined ? exchangeLimits(type, available) : null} onFill={(v) => setValue('amount', v)} />
      {type ? (
        <dl className="preview" aria-live="polite">
          <div>
            <dt>{t('exchange.rate')}</dt>
            <dd>
              {t('exchange.rateValue', { source: coinLabel(type.sourceCoin), target: coinLabel(type.targetCoin), rate: formatDecimal(type.rate, language) })}
            </dd>
          </div>
          <div>
            <dt>{t('exchange.feeWithPercent', { percent: formatDecimal(type.feePercent, language) })}</dt>
            <dd>{quote ? `${formatExact(quote.fee, language)} ${coinLabel(type.targetCoin)}` : '—'}</dd>
          </div>
          <div className="preview-total">
            <dt>{t('exchange.received')}</dt>
            <dd>{quote && quote.received > 0n ? `${formatExact(quote.received, language)} ${coinLabel(type.targetCoin)}` : '—'}</dd>
          </div>
        </dl>
      ) : null}
    </MoneyForm>
  );
}
