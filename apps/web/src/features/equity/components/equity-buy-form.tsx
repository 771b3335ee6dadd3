import { useTranslation } from 'react-i18next';
import { scarceLimits, type ResponseOf, formatExact, formatCount } from '@pp/contract';
import { TextField, useForm, showToast } from '@pp/browser-kit';
import { MoneyForm, useMoneyForm } from '../../../components/money-form/money-form';
import { currentLanguage, translateKey } from '../../../lib/i18n';
import { buyEquity, type BuyEquityInput } from '../api/buy-equity';
import { costOf, sharesOf } from '../shares';

type EquityInfo = ResponseOf<'buyEquityInfo'>;

const empty = { shares: '', transactionPassword: '' };

/** Server refusals that belong under a field; the over-limit and stock messages go under the shares. */
const fieldOfError = {
  'equity.overLimit': 'shares',
  'equity.soldOut': 'shares',
  'equity.insufficientBalance': 'shares',
  'user.txPasswordWrong': 'transactionPassword',
  'user.txLocked': 'transactionPassword',
} as const;

interface EquityBuyFormProps {
  info: EquityInfo;
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  onBought: () => void;
}

/** Buy shares: the number, the total shown, the transaction password, then a confirmation. */
export function EquityBuyForm({ info, availableOf, coinLabel, onBought }: EquityBuyFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const form = useForm(empty);
  const { values, errors, setValue } = form;
  const coin = coinLabel(info.coinName);
  const shares = sharesOf(values.shares);
  const cost = costOf(info.price, shares);
  const available = availableOf(info.coinName);
  const canBuyMore = Math.max(0, info.maxPerMember - info.totalOwned);

  const flow = useMoneyForm({
    check: (): BuyEquityInput | null => {
      const next: Partial<Record<keyof typeof empty, string>> = {};
      if (shares === null) next.shares = t('equity.enterShares', { max: scarceLimits.sharesPerBuyMax });
      if (values.transactionPassword.trim() === '') next.transactionPassword = translateKey('validation.enterTransactionPassword');
      form.setErrors(next);
      return shares !== null && Object.keys(next).length === 0 ? { shares, transactionPassword: values.transactionPassword } : null;
    },
    send: (body, requestId) => buyEquity(body, requestId),
    // Back to the form, where the field at fault shows why (the over-limit message under the shares).
    onRefused: (error) => form.showServerError(error, fieldOfError),
    onDone: (_answer, body) => {
      form.reset();
      showToast('success', t('equity.bought', { count: body.shares }));
      onBought();
    },
  });

  return (
    <MoneyForm
      flow={flow}
      password={{ label: t('scarce.transactionPassword'), ...form.bind('transactionPassword') }}
      submitLabel={t('equity.submit')}
      confirmation={{
        title: t('equity.confirmTitle'),
        confirmLabel: t('equity.confirm'),
        cancelLabel: t('scarce.back'),
        summary: (pending) => (
          <dl className="info-list info-list-compact" data-testid="equity-confirm">
            <div className="info-row">
              <dt>{t('equity.shares')}</dt>
              <dd>{formatCount(pending.shares, language)}</dd>
            </div>
            <div className="info-row">
              <dt>{t('equity.totalCost')}</dt>
              <dd>
                <strong>{`${formatExact(costOf(info.price, pending.shares) ?? 0n, language)} ${coin}`}</strong>
              </dd>
            </div>
          </dl>
        ),
      }}
    >
      <TextField
        label={t('equity.shares')}
        value={values.shares}
        onValueChange={(v) => setValue('shares', v)}
        error={errors.shares}
        inputMode="numeric"
        autoComplete="off"
        maxLength={9}
        hint={t('equity.sharesHint', { count: canBuyMore, max: info.maxPerMember })}
      />
      <dl className="preview" aria-live="polite">
        <div>
          <dt>{t('equity.pricePerShare')}</dt>
          <dd>{`${formatExact(info.price, language)} ${coin}`}</dd>
        </div>
        {available !== undefined ? (
          <div>
            <dt>{t('equity.available')}</dt>
            <dd>{`${formatExact(available, language)} ${coin}`}</dd>
          </div>
        ) : null}
        <div className="preview-total">
          <dt>{t('equity.totalCost')}</dt>
          <dd data-testid="equity-cost">{cost === null ? '—' : `${formatExact(cost, language)} ${coin}`}</dd>
        </div>
      </dl>
    </MoneyForm>
  );
}
