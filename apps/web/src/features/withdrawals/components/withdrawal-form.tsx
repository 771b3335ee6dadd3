import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  bankWithdrawalRequest,
  chainWithdrawalRequest,
  formatAmount,
  groupBankNumber,
  type WithdrawalChannel,
  type WithdrawalTypeEntry,
  formatDecimal,
  formatExact,
} from '@pp/contract';
import { Dialog, SelectField, TextField, useForm, showToast } from '@pp/browser-kit';
import { paths } from '../../../lib/paths';
import { Button } from '../../../components/ui/button';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { MoneyForm, useMoneyForm } from '../../../components/money-form/money-form';
import { currentLanguage, translateKey } from '../../../lib/i18n';
import { createBankWithdrawal, createChainWithdrawal } from '../api/withdrawal-create';
import type { WithdrawalDestinations } from '../destinations';
import { withdrawalAmountProblem, withdrawalLimits, withdrawalQuote } from '../withdrawal-quote';
import { AmountShortcuts } from '../../../components/ui/amount-shortcuts';
import { DestinationChoice, type DestinationOption } from './destination-choice';

/** No request id here: the contract's keyed endpoint adds it, and it is the money form's own business (useMoneyForm). */
const chainInput = chainWithdrawalRequest;
const bankInput = bankWithdrawalRequest;

/** Errors the server names by key that belong under a field (the rest are toasts only). */
const fieldOfError = {
  'user.txPasswordWrong': 'transactionPassword',
  'user.txLocked': 'transactionPassword',
  'ledger.insufficientBalance': 'amount',
  'withdrawal.tooManyPending': 'amount',
  'withdrawal.typeUnknown': 'withdrawalType',
  'address.notFound': 'addressId',
  'address.coolingOff': 'addressId',
  'bankAccount.notFound': 'bankAccountId',
  'bankAccount.coolingOff': 'bankAccountId',
} as const;

/** The request checked and waiting for the member's confirmation, with what the dialog shows. */
interface Pending {
  type: WithdrawalTypeEntry;
  amount: string;
  destinationId: string;
  transactionPassword: string;
  destination: DestinationOption;
}

interface WithdrawalFormProps {
  channel: WithdrawalChannel;
  /** The enabled types of this channel (at least one). */
  types: readonly WithdrawalTypeEntry[];
  /** The member's available balance of the coin, or undefined while it loads. */
  available: string | undefined;
  coinLabel: (coinName: string) => string;
  destinations: WithdrawalDestinations;
  onWithdrawn: () => void;
}

/**
 * One withdrawal: the type, the amount with the fee and the total held, the destination (one
 * of the member's saved addresses of the type's chain, or bank accounts), the transaction
 * password; then a summary to confirm, since a paid withdrawal cannot be taken back.
 */
export function WithdrawalForm({ channel, types, available, coinLabel, destinations, onWithdrawn }: WithdrawalFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const form = useForm({
    withdrawalType: types.length === 1 ? types[0]!.withdrawalType : '',
    amount: '',
    addressId: '',
    bankAccountId: '',
    transactionPassword: '',
  });
  const { values, errors, setValue } = form;
  const [isAddingAddress, setIsAddingAddress] = useState(false);

  const type = types.find((x) => x.withdrawalType === values.withdrawalType);
  const coin = type ? coinLabel(type.coinName) : '';
  const money = (minor: bigint | string) => `${formatExact(minor, language)} ${coin}`.trim();
  const quote = type ? withdrawalQuote(type, values.amount) : null;
  const destinationField = channel === 'chain' ? 'addressId' : 'bankAccountId';

  const list = channel === 'chain' ? destinations.addresses : destinations.bankAccounts;
  let options: DestinationOption[] = [];
  if (channel === 'chain') {
    options = (destinations.addresses.items ?? [])
      .filter((a) => !type || a.chain === type.chain)
      .map((a) => ({ id: a.id, title: a.chain, detail: a.address, usableFrom: a.usableFrom, isUsable: a.isUsable }));
  } else {
    options = (destinations.bankAccounts.items ?? []).map((b) => ({
      id: b.id,
      title: t('withdraw.bankTitle', { bank: b.bankName, name: b.accountName }),
      detail: groupBankNumber(b.accountNumber),
      usableFrom: b.usableFrom,
      isUsable: b.isUsable,
    }));
  }
  const chosenId = values[destinationField];
  const chosen = options.find((o) => o.id === chosenId && o.isUsable);

  const typeLabel = (x: WithdrawalTypeEntry) =>
    x.channel === 'chain'
      ? t('withdraw.typeChain', { coin: coinLabel(x.coinName), chain: x.chain ?? '' })
      : t('withdraw.typeBank', { coin: coinLabel(x.coinName), currency: x.currency ?? '' });

  const chooseType = (value: string) => {
    setValue('withdrawalType', value);
    // An address of another chain cannot stay chosen.
    const next = types.find((x) => x.withdrawalType === value);
    if (channel === 'chain' && next && !destinations.addresses.items?.some((a) => a.id === values.addressId && a.chain === next.chain))
      setValue('addressId', '');
  };

  const flow = useMoneyForm({
    check: (): Pending | null => {
      const destinationId = chosen?.id ?? '';
      const input = { withdrawalType: values.withdrawalType, amount: values.amount, transactionPassword: values.transactionPassword };
      const body =
        channel === 'chain'
          ? form.validate(chainInput, { ...input, addressId: destinationId })
          : form.validate(bankInput, { ...input, bankAccountId: destinationId });
      const problem = type && values.amount.trim() !== '' ? withdrawalAmountProblem(type, values.amount, available) : null;
      if (problem)
        form.setErrors((current) => ({ ...current, amount: translateKey(problem.key, problem.params && { x: formatDecimal(problem.params.x, language) }) }));
      if (!body || problem || !type || !chosen) return null;
      return { type, amount: body.amount, destinationId: chosen.id, transactionPassword: body.transactionPassword, destination: chosen };
    },
    send: async ({ type: chosenType, amount, destinationId, transactionPassword }, requestId) => {
      const base = { withdrawalType: chosenType.withdrawalType, amount, transactionPassword };
      if (channel === 'chain') await createChainWithdrawal({ ...base, addressId: destinationId }, requestId);
      else await createBankWithdrawal({ ...base, bankAccountId: destinationId }, requestId);
    },
    // Back to the form, where the field at fault shows why.
    onRefused: (error) => form.showServerError(error, fieldOfError),
    onDone: (_answer, sent) => {
      form.reset();
      // The next withdrawal most likely goes the same way: keep the type.
      setValue('withdrawalType', sent.type.withdrawalType);
      showToast('success', t('withdraw.submitted'));
      onWithdrawn();
    },
  });

  const rules = type ? rulesText(type) : null;
  function rulesText(x: WithdrawalTypeEntry): string {
    const parts = [t('withdraw.minimum', { amount: money(x.minimum) })];
    if (/[1-9]/.test(x.maximum)) parts.push(t('withdraw.maximum', { amount: money(x.maximum) }));
    if (/[1-9]/.test(x.multipleOf)) parts.push(t('withdraw.step', { step: formatDecimal(x.multipleOf, language) }));
    return parts.join(' · ');
  }
  const feeRule = type ? feeText(type) : '';
  function feeText(x: WithdrawalTypeEntry): string {
    const hasFixed = /[1-9]/.test(x.feeFixed);
    const hasPercent = /[1-9]/.test(x.feePercent);
    const params = { fixed: money(x.feeFixed), percent: formatDecimal(x.feePercent, language) };
    if (hasFixed && hasPercent) return t('withdraw.feeRule', params);
    if (hasPercent) return t('withdraw.feeRulePercent', params);
    return hasFixed ? t('withdraw.feeRuleFixed', params) : t('withdraw.feeRuleNone');
  }

  let destinationBody;
  if (list.items === undefined) {
    destinationBody = <CardLoadState isError={list.isError} onRetry={list.retry} />;
  } else {
    const manage =
      channel === 'chain' ? (
        <Button variant="secondary" className="btn-small" onClick={() => setIsAddingAddress(true)}>
          {t('withdraw.addAddress')}
        </Button>
      ) : (
        <Link className="btn btn-secondary btn-small" to={paths.userInfo}>
          {t('withdraw.manageBankAccounts')}
        </Link>
      );
    destinationBody = (
      <DestinationChoice
        legend={channel === 'chain' ? t('withdraw.address') : t('withdraw.bankAccount')}
        options={options}
        value={chosen?.id ?? ''}
        onValueChange={(id) => setValue(destinationField, id)}
        error={errors[destinationField]}
        action={manage}
        hint={list.coolingOffHours ? t('payoutDestinations.coolingOffIntro', { hours: list.coolingOffHours }) : undefined}
        empty={
          channel === 'chain' ? (type?.chain ? t('withdraw.noAddressOfChain', { chain: type.chain }) : t('withdraw.noAddress')) : t('withdraw.noBankAccount')
        }
      />
    );
  }

  return (
    <>
      <MoneyForm
        flow={flow}
        password={{ label: t('withdraw.transactionPassword'), ...form.bind('transactionPassword') }}
        submitLabel={t('withdraw.submit')}
        confirmation={{
          title: t('withdraw.confirmTitle'),
          confirmLabel: t('withdraw.confirm'),
          cancelLabel: t('withdraw.back'),
          summary: (pending) => {
            const pendingQuote = withdrawalQuote(pending.type, pending.amount);
            return pendingQuote ? (
              <div className="stack-tight">
                <dl className="info-list info-list-compact">
                  <div className="info-row">
                    <dt>{t('withdraw.type')}</dt>
                    <dd>{typeLabel(pending.type)}</dd>
                  </div>
                  <div className="info-row">
                    <dt>{t('withdraw.amountPlain')}</dt>
                    <dd>{`${formatExact(pendingQuote.amount, language)} ${coinLabel(pending.type.coinName)}`}</dd>
                  </div>
                  <div className="info-row">
                    <dt>{t('withdraw.fee')}</dt>
                    <dd>{`${formatExact(pendingQuote.fee, language)} ${coinLabel(pending.type.coinName)}`}</dd>
                  </div>
                  <div className="info-row">
                    <dt>{t('withdraw.total')}</dt>
                    <dd>
                      <strong>{`${formatExact(pendingQuote.total, language)} ${coinLabel(pending.type.coinName)}`}</strong>
                    </dd>
                  </div>
                  {pendingQuote.localAmount !== null && pending.type.currency ? (
                    <div className="info-row">
                      <dt>{t('withdraw.received')}</dt>
                      <dd>{`${formatAmount(pendingQuote.localAmount, language)} ${pending.type.currency}`}</dd>
                    </div>
                  ) : null}
                  <div className="info-row">
                    <dt>{channel === 'chain' ? t('withdraw.address') : t('withdraw.bankAccount')}</dt>
                    <dd>
                      <span className="break">{pending.destination.title}</span>
                      <br />
                      <span className="mono break" data-user-content data-testid="confirm-destination">
                        {pending.destination.detail}
                      </span>
                    </dd>
                  </div>
                </dl>
                <p className="card-note">{channel === 'chain' ? t('withdraw.irreversibleChain') : t('withdraw.irreversibleBank')}</p>
              </div>
            ) : null;
          },
        }}
      >
        <SelectField
          label={t('withdraw.type')}
          value={values.withdrawalType}
          onValueChange={chooseType}
          options={types.map((x) => ({ value: x.withdrawalType, label: typeLabel(x) }))}
          placeholder={types.length === 1 ? undefined : t('common.selectPlaceholder')}
          error={errors.withdrawalType}
          hint={type ? feeRule : undefined}
        />
        <TextField
          label={t('withdraw.amount', { coin: type ? coin : coinLabel(types[0]!.coinName) })}
          value={values.amount}
          onValueChange={(v) => setValue('amount', v)}
          error={errors.amount}
          inputMode="decimal"
          autoComplete="off"
          maxLength={24}
          hint={[available !== undefined ? t('withdraw.available', { amount: money(available) }) : '', rules ?? ''].filter(Boolean).join(' · ') || undefined}
        />
        <AmountShortcuts limits={type && available !== undefined ? withdrawalLimits(type, available) : null} onFill={(v) => setValue('amount', v)} />
        <dl className="preview" aria-live="polite">
          <div>
            <dt>{t('withdraw.fee')}</dt>
            <dd>{quote ? money(quote.fee) : '—'}</dd>
          </div>
          {channel === 'bank' && type?.rate ? (
            <div>
              <dt>{t('withdraw.rate')}</dt>
              <dd>{t('withdraw.rateValue', { coin, rate: formatDecimal(type.rate, language), currency: type.currency ?? '' })}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('withdraw.received')}</dt>
            <dd>
              {quote
                ? quote.localAmount !== null && type?.currency
                  ? `${formatAmount(quote.localAmount, language)} ${type.currency}`
                  : money(quote.amount)
                : '—'}
            </dd>
          </div>
          <div className="preview-total">
            <dt>{t('withdraw.total')}</dt>
            <dd>{quote ? money(quote.total) : '—'}</dd>
          </div>
        </dl>
        {destinationBody}
      </MoneyForm>
      {channel === 'chain' ? (
        <Dialog isOpen={isAddingAddress} onClose={() => setIsAddingAddress(false)} title={t('withdraw.addAddressTitle')}>
          {isAddingAddress ? destinations.renderAddAddress(() => setIsAddingAddress(false)) : null}
        </Dialog>
      ) : null}
    </>
  );
}
