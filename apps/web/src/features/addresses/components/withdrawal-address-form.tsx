import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutDestinationLimits, withdrawalAddressAddRequest, withdrawalChains, type WithdrawalAddressEntry } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField, useForm, useSubmit, showToast } from '@pp/browser-kit';
import { saveWithdrawalAddress } from '../api/withdrawal-address-save';

/** Errors the server names by key that belong under a field (the rest are toasts only). */
const fieldOfError = {
  'address.duplicate': 'address',
  'user.txPasswordWrong': 'transactionPassword',
  'user.txLocked': 'transactionPassword',
} as const;

interface WithdrawalAddressFormProps {
  /** The address being changed, or null to add one. */
  address: WithdrawalAddressEntry | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** The chain (BEP20 or TRC20), the address, checked for that chain before sending, and the transaction password. */
export function WithdrawalAddressForm({ address, onSaved, onCancel }: WithdrawalAddressFormProps) {
  const { t } = useTranslation();
  const { isPending: isBusy, run } = useSubmit();
  const form = useForm({ chain: address?.chain ?? '', address: address?.address ?? '', transactionPassword: '' });
  const { values, errors, setValue } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate(withdrawalAddressAddRequest, values);
    if (!body) return;
    void run(async () => {
      try {
        await saveWithdrawalAddress(body, address?.id ?? null);
      } catch (error) {
        form.showServerError(error, fieldOfError);
        throw error;
      }
      showToast('success', t(address ? 'addresses.saved' : 'addresses.added'));
      onSaved();
    });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-busy={isBusy || undefined}>
      <SelectField
        label={t('addresses.chain')}
        value={values.chain}
        onValueChange={(v) => setValue('chain', v)}
        options={withdrawalChains.map((c) => ({ value: c, label: c }))}
        placeholder={t('common.selectPlaceholder')}
        error={errors.chain}
      />
      <TextField
        label={t('addresses.address')}
        value={values.address}
        onValueChange={(v) => setValue('address', v)}
        error={errors.address}
        hint={t('addresses.addressHint')}
        maxLength={payoutDestinationLimits.addressCharsMax}
        autoComplete="off"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
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
