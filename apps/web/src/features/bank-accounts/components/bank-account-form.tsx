import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { bankAccountAddRequest, payoutDestinationLimits, type BankAccountEntry } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { TextField, useForm, useSubmit, showToast } from '@pp/browser-kit';
import { saveBankAccount } from '../api/bank-account-save';

/** Errors the server names by key that belong under a field (the rest are toasts only). */
const fieldOfError = {
  'bankAccount.duplicate': 'accountNumber',
  'user.txPasswordWrong': 'transactionPassword',
  'user.txLocked': 'transactionPassword',
} as const;

interface BankAccountFormProps {
  /** The account being changed, or null to add one. */
  account: BankAccountEntry | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** Bank name, account name and number, and the transaction password that authorizes the change. */
export function BankAccountForm({ account, onSaved, onCancel }: BankAccountFormProps) {
  const { t } = useTranslation();
  const { isPending: isBusy, run } = useSubmit();
  const form = useForm({
    bankName: account?.bankName ?? '',
    accountName: account?.accountName ?? '',
    accountNumber: account?.accountNumber ?? '',
    transactionPassword: '',
  });
  const { values, errors, setValue } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(bankAccountAddRequest, values);
    if (!body) return;
    void run(async () => {
      try {
        await saveBankAccount(body, account?.id ?? null);
      } catch (error) {
        form.showServerError(error, fieldOfError);
        throw error;
      }
      showToast('success', t(account ? 'bankAccounts.saved' : 'bankAccounts.added'));
      onSaved();
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={isBusy || undefined}>
      <TextField
        label={t('bankAccounts.bankName')}
        value={values.bankName}
        onValueChange={(v) => setValue('bankName', v)}
        error={errors.bankName}
        maxLength={payoutDestinationLimits.bankNameCharsMax}
        autoComplete="off"
      />
      <TextField
        label={t('bankAccounts.accountName')}
        value={values.accountName}
        onValueChange={(v) => setValue('accountName', v)}
        error={errors.accountName}
        maxLength={payoutDestinationLimits.accountNameCharsMax}
        autoComplete="off"
      />
      <TextField
        label={t('bankAccounts.accountNumber')}
        value={values.accountNumber}
        onValueChange={(v) => setValue('accountNumber', v)}
        error={errors.accountNumber}
        hint={t('bankAccounts.accountNumberHint')}
        maxLength={payoutDestinationLimits.accountNumberInputCharsMax}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode="text"
      />
      <TextField
        label={t('payoutDestinations.transactionPassword')}
        type="password"
        value={values.transactionPassword}
        onValueChange={(v) => setValue('transactionPassword', v)}
        error={errors.transactionPassword}
        hint={t('payoutDestinations.transactionPasswordHint')}
        autoComplete="off"
        maxLength={128}
      />
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          {t('payoutDestinations.cancel')}
        </Button>
        <Button type="submit" isBusy={isBusy}>
          {t('payoutDestinations.save')}
        </Button>
      </div>
    </form>
  );
}
