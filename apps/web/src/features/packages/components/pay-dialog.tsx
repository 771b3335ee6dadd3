import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { packageLimits, type BuyRefusalReason, type Payment, formatDecimal, formatExact, parsePoints } from '@pp/contract';
import { Dialog, TextField, useForm, showToast } from '@pp/browser-kit';
import { MoneyForm, useMoneyForm } from '../../../components/money-form/money-form';
import { currentLanguage, translateKey } from '../../../lib/i18n';
import { checkMix, prefillMix, type MixProblem, type PayWith } from '../payment-mix';
import { useCheckBuyInsurance } from '../api/check-buy-insurance';
import { RefusalText } from './refusal-text';

/** What a purchase of `quantity` units costs, principal (paid in the mix), premium and fee (in the fee coin). */
export interface Cost {
  principal: bigint;
  premium: bigint;
  fee: bigint;
}

/** What the dialog hands to the action when the member confirmed. */
export interface PayBody {
  quantity: number;
  payments: Payment[];
  transactionPassword: string;
}

export interface PayDialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Above the fields: what is being bought (a product choice for an upgrade or a code). */
  intro?: ReactNode;
  payWith: readonly PayWith[];
  feeCoinName: string;
  /** Ask for a quantity (buy, add, code); otherwise the cost is fixed and `quantity` is 1. */
  hasQuantity: boolean;
  cost: (quantity: number) => Cost;
  /** With a product id, checkBuyInsurance is asked on every change and its refusal shown. */
  checkProductId?: string;
  /** A refusal known without asking (e.g. no product chosen). */
  blocked?: ReactNode;
  /** What the purchase will release, for the quantity entered: in the form, and its total in the confirmation. */
  projection?: (quantity: number, place: 'form' | 'summary') => ReactNode;
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  submitLabel: string;
  /** Sends the action with the submission's request id; throws the ApiError the client already showed. */
  send: (body: PayBody, requestId: string) => Promise<void>;
  successText: string;
}

/** A whole number of units within the contract's limit, or null. */
function parseQuantity(text: string): number | null {
  if (!/^\d{1,4}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 && n <= packageLimits.quantityMax ? n : null;
}

/**
 * The one money form of packages (buy, upgrade, add, refill, a code for someone): quantity,
 * the principal split over the point types that may pay it (prefilled: the first type up to its
 * share, the rest in the next), premium and fee on top, the transaction password; then a
 * summary to confirm, since paying cannot be undone.
 */
export function PayDialog(props: PayDialogProps) {
  const { isOpen, onClose, title } = props;
  // The dialog cannot be closed while the payment is being sent.
  const [isLocked, setIsLocked] = useState(false);
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={title} isLocked={isLocked}>
      {isOpen ? <PayForm {...props} onBusyChange={setIsLocked} /> : null}
    </Dialog>
  );
}

function PayForm({
  onClose,
  intro,
  payWith,
  feeCoinName,
  hasQuantity,
  cost,
  checkProductId,
  blocked,
  projection,
  availableOf,
  coinLabel,
  submitLabel,
  send,
  successText,
  onBusyChange,
}: PayDialogProps & { onBusyChange: (isBusy: boolean) => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const form = useForm({ quantity: '1', transactionPassword: '' });
  const { values, errors, setValue } = form;
  // The split has a line per point type that may pay: its amounts and their errors are kept beside the form.
  const [mix, setMix] = useState<{ key: string; amounts: string[] } | null>(null);
  const [mixErrors, setMixErrors] = useState<string[] | undefined>();

  const quantity = hasQuantity ? parseQuantity(values.quantity) : 1;
  const check = useCheckBuyInsurance(checkProductId ?? '', checkProductId && quantity !== null ? quantity : null);
  const checked = check.data && !check.isPlaceholderData ? check.data : undefined;
  const local = cost(quantity ?? 1);
  // The server's figures when it answered for this quantity; the same rule computed here until then.
  const due: Cost = checked
    ? { principal: toMinor(checked.principal, local.principal), premium: toMinor(checked.premium, local.premium), fee: toMinor(checked.fee, local.fee) }
    : local;
  const extra = due.premium + due.fee;
  // The member's own split holds while the price to split and the point types stay; otherwise the prefill again.
  const mixKey = `${due.principal}|${payWith.map((p) => p.coinName).join(',')}`;
  const amounts = mix && mix.key === mixKey ? mix.amounts : prefillMix(payWith, due.principal);
  const result = checkMix(payWith, amounts, due.principal, { feeCoinName, amount: extra }, availableOf);
  const money = (minor: bigint, coinName: string) => `${formatExact(minor, language)} ${coinLabel(coinName)}`;
  const refusal: BuyRefusalReason | null = checked && !checked.isAllowed ? checked.reason : null;

  const setAmount = (index: number, value: string) => {
    const next = [...amounts];
    next[index] = value;
    setMix({ key: mixKey, amounts: next });
    setMixErrors(undefined);
  };

  const problemText = (p: MixProblem): string => {
    switch (p.kind) {
      case 'invalid':
        return translateKey('validation.enterValidAmount');
      case 'paymentMix':
        return t('packages.pay.overShare', { percent: formatDecimal(p.percent, language) });
      case 'paymentTotal':
        return t('packages.pay.mustAddUp', { total: formatExact(p.total, language) });
      case 'insufficient':
        return t('packages.pay.insufficient', { coin: coinLabel(p.coinName) });
    }
  };

  const flow = useMoneyForm(
    {
      check: (): PayBody | null => {
        const next: Partial<Record<'quantity' | 'transactionPassword', string>> = {};
        let nextMix: string[] | undefined;
        if (hasQuantity && quantity === null) next.quantity = translateKey('validation.quantityPositive');
        if (result.problems.length > 0) {
          nextMix = payWith.map((line) =>
            result.problems
              .filter((p) => p.kind !== 'paymentTotal' && p.coinName === line.coinName)
              .map(problemText)
              .join(' '),
          );
          const total = result.problems.find((p) => p.kind === 'paymentTotal');
          // The total belongs to no single line: under the last one.
          if (total && nextMix.length > 0) nextMix[nextMix.length - 1] = [nextMix[nextMix.length - 1], problemText(total)].filter(Boolean).join(' ');
        }
        if (values.transactionPassword.trim() === '') next.transactionPassword = translateKey('validation.enterTransactionPassword');
        form.setErrors(next);
        setMixErrors(nextMix);
        if (Object.keys(next).length > 0 || nextMix || quantity === null || refusal || blocked) return null;
        return { quantity, payments: result.payments, transactionPassword: values.transactionPassword };
      },
      send,
      onDone: () => {
        showToast('success', successText);
        onClose();
      },
    },
    { onBusyChange },
  );

  return (
    <MoneyForm
      flow={flow}
      isInPlace
      password={{ label: t('packages.pay.transactionPassword'), ...form.bind('transactionPassword') }}
      submitLabel={submitLabel}
      isSubmitBlocked={Boolean(refusal) || Boolean(blocked)}
      confirmation={{
        confirmLabel: t('packages.pay.confirm'),
        cancelLabel: t('packages.pay.back'),
        testId: 'pay-confirm',
        summary: (pending) => (
          <>
            <p className="card-note">{t('packages.pay.confirmIntro')}</p>
            <dl className="info-list info-list-compact">
              {hasQuantity ? (
                <div className="info-row">
                  <dt>{t('packages.pay.quantity')}</dt>
                  <dd>{pending.quantity}</dd>
                </div>
              ) : null}
              {pending.payments.map((p) => (
                <div className="info-row" key={p.coinName}>
                  <dt>{t('packages.pay.paidWith', { coin: coinLabel(p.coinName) })}</dt>
                  <dd>{money(toMinor(p.amount, 0n), p.coinName)}</dd>
                </div>
              ))}
              <div className="info-row">
                <dt>{t('packages.terms.premium')}</dt>
                <dd>{money(due.premium, feeCoinName)}</dd>
              </div>
              <div className="info-row">
                <dt>{t('packages.terms.fee')}</dt>
                <dd>{money(due.fee, feeCoinName)}</dd>
              </div>
              <div className="info-row">
                <dt>{t('packages.pay.total')}</dt>
                <dd>
                  <strong>{formatExact(due.principal + extra, language)}</strong>
                </dd>
              </div>
              {projection?.(pending.quantity, 'summary')}
            </dl>
          </>
        ),
      }}
    >
      {intro}
      {hasQuantity ? (
        <TextField
          label={t('packages.pay.quantity')}
          value={values.quantity}
          onValueChange={(v) => setValue('quantity', v)}
          error={errors.quantity}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          hint={checked ? remainingHint(checked.memberRemaining, checked.totalRemaining) : undefined}
        />
      ) : null}
      {payWith.map((line, index) => {
        const available = availableOf(line.coinName);
        return (
          <TextField
            key={line.coinName}
            label={t('packages.pay.paidWith', { coin: coinLabel(line.coinName) })}
            value={amounts[index] ?? ''}
            onValueChange={(v) => setAmount(index, v)}
            error={mixErrors?.[index] || undefined}
            inputMode="decimal"
            autoComplete="off"
            maxLength={24}
            hint={[
              t('packages.pay.maxShare', { percent: formatDecimal(line.maxPercent, language) }),
              available !== undefined ? t('packages.pay.available', { amount: money(toMinor(available, 0n), line.coinName) }) : '',
            ]
              .filter(Boolean)
              .join(' · ')}
          />
        );
      })}
      <dl className="preview" aria-live="polite">
        <div>
          <dt>{t('packages.pay.principal')}</dt>
          <dd>{formatExact(due.principal, language)}</dd>
        </div>
        <div>
          <dt>{t('packages.terms.premium')}</dt>
          <dd>{money(due.premium, feeCoinName)}</dd>
        </div>
        <div>
          <dt>{t('packages.terms.fee')}</dt>
          <dd>{money(due.fee, feeCoinName)}</dd>
        </div>
        <div className="preview-total">
          <dt>{t('packages.pay.total')}</dt>
          <dd data-testid="pay-total">{formatExact(due.principal + extra, language)}</dd>
        </div>
      </dl>
      {projection && quantity !== null ? projection(quantity, 'form') : null}
      {refusal ? (
        <p className="form-problem" role="alert" data-testid="buy-refusal">
          <RefusalText reason={refusal} memberRemaining={checked?.memberRemaining ?? null} totalRemaining={checked?.totalRemaining ?? null} />
        </p>
      ) : null}
      {blocked ? (
        <p className="form-problem" role="alert">
          {blocked}
        </p>
      ) : null}
    </MoneyForm>
  );

  function remainingHint(member: number | null, total: number | null): string | undefined {
    const parts = [
      member !== null ? t('packages.pay.memberRemaining', { count: member }) : '',
      total !== null ? t('packages.pay.totalRemaining', { count: total }) : '',
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(' · ') : undefined;
  }
}

/** A server amount as minor units, or the fallback when it cannot be read. */
function toMinor(text: string, fallback: bigint): bigint {
  return parsePoints(text) ?? fallback;
}
