import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payoutBankRequest, payoutManualChainRequest, rejectReasonCodesByKind, withdrawalLimits, type PayoutEntry, type RejectReasonCode } from '@pp/contract';
import { SelectField, showToast } from '@pp/browser-kit';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { formatExactAmount } from '../../../lib/format';
import { translateKey } from '../../../lib/i18n';
import { payFromHotWallet, recordBankPayout, recordChainPayout, rejectPayout, type PayoutResult } from '../api/payout-actions';
import { ActionDialog } from './action-dialog';
import { coinAmount, heldTotal } from './payout-bits';
import type { PayoutAction } from './payout-card';

type ReasonCode = RejectReasonCode;

export interface PayoutTarget {
  entry: PayoutEntry;
  action: PayoutAction;
}

/** The first validation key of one request field under the contract's schema, translated; null when valid. */
function checkWith(schema: { safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, value: string): string | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const key = parsed.error?.issues[0]?.message ?? 'validation.enterValidValue';
  return translateKey(key.startsWith('validation.') ? key : 'validation.enterValidValue');
}

/** The dialog of the chosen action on one order; closes and says so in a toast when the server agrees. */
export function PayoutDialogs({ target, onClose }: { target: PayoutTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const entry = target?.entry;
  const number = entry?.number ?? '';
  const amount = entry ? coinAmount(entry.amount, entry.coinName) : '';

  function done(result: PayoutResult, paidKey: 'payouts.done.paid' | 'payouts.done.rejected') {
    const text = result.status === 'processing' ? t('payouts.done.sent', { number }) : t(paidKey, { number });
    showToast('success', text);
    onClose();
  }

  return (
    <>
      <ActionDialog
        isOpen={target?.action === 'hotWallet'}
        onClose={onClose}
        title={t('payouts.hotWalletTitle', { number })}
        description={
          <>
            <p>{t('payouts.hotWalletBody', { amount, chain: entry?.chain ?? '' })}</p>
            <p>
              <code className="mono break">{entry?.destination}</code>
            </p>
            <p className="muted">{t('payouts.cannotUndo')}</p>
          </>
        }
        confirmLabel={t('payouts.hotWalletConfirm', { amount })}
        onConfirm={async () => {
          if (!entry) return;
          done(await payFromHotWallet({ id: entry.id }), 'payouts.done.paid');
        }}
      />
      <ActionDialog
        key={`chain-${entry?.id ?? ''}`}
        isOpen={target?.action === 'manualChain'}
        onClose={onClose}
        title={t('payouts.manualTitle', { number })}
        description={
          <>
            <p>{t('payouts.manualBody', { amount, chain: entry?.chain ?? '' })}</p>
            <p>
              <code className="mono break">{entry?.destination}</code>
            </p>
          </>
        }
        confirmLabel={t('payouts.manualConfirm')}
        field={{
          name: 'txHash',
          id: 'payout-tx-hash',
          label: t('payouts.txHash'),
          hint: t('payouts.txHashHint'),
          maxLength: 80,
          check: (value) => checkWith(payoutManualChainRequest.shape.txHash, value),
        }}
        onConfirm={async (txHash) => {
          if (!entry) return;
          done(await recordChainPayout({ id: entry.id, txHash }), 'payouts.done.paid');
        }}
      />
      <ActionDialog
        key={`bank-${entry?.id ?? ''}`}
        isOpen={target?.action === 'bank'}
        onClose={onClose}
        title={t('payouts.bankTitle', { number })}
        description={
          <p>
            {entry?.localAmount && entry.currency
              ? t('payouts.bankBody', {
                  local: `${formatExactAmount(entry.localAmount)} ${entry.currency}`,
                  name: entry.accountName ?? '',
                  bank: entry.bankName ?? '',
                })
              : t('payouts.bankBodyNoLocal', { amount, name: entry?.accountName ?? '', bank: entry?.bankName ?? '' })}
          </p>
        }
        confirmLabel={t('payouts.bankConfirm')}
        field={{
          name: 'bankReference',
          id: 'payout-bank-reference',
          label: t('payouts.bankReference'),
          hint: t('payouts.bankReferenceHint', { max: withdrawalLimits.bankReferenceCharsMax }),
          maxLength: withdrawalLimits.bankReferenceCharsMax,
          check: (value) => checkWith(payoutBankRequest.shape.bankReference, value),
        }}
        onConfirm={async (bankReference) => {
          if (!entry) return;
          done(await recordBankPayout({ id: entry.id, bankReference }), 'payouts.done.paid');
        }}
      />
      <RejectDialog
        key={`reject-${entry?.id ?? ''}`}
        entry={target?.action === 'reject' ? (entry ?? null) : null}
        onClose={onClose}
        onDone={(result) => done(result, 'payouts.done.rejected')}
      />
    </>
  );
}

/** A rejection before payment: a reason code the member reads in their language, and a note. */
function RejectDialog({ entry, onClose, onDone }: { entry: PayoutEntry | null; onClose: () => void; onDone: (result: PayoutResult) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<ReasonCode | ''>('');
  const [codeError, setCodeError] = useState<string | null>(null);
  return (
    <ReasonDialog
      isOpen={entry !== null}
      onClose={onClose}
      title={t('payouts.rejectTitle', { number: entry?.number ?? '' })}
      description={<p>{entry ? t('payouts.rejectBody', { total: coinAmount(heldTotal(entry), entry.coinName), member: entry.memberName }) : null}</p>}
      confirmLabel={t('payouts.rejectConfirm')}
      tone="danger"
      isReasonRequired={code === 'other'}
      reasonLabel={code === 'other' ? t('reviews.rejectNote') : t('reviews.rejectNoteOptional')}
      reasonHint={t('reviews.rejectReasonHint')}
      reasonId="payout-reject-reason"
      validate={() => {
        if (code !== '') return true;
        setCodeError(t('reviews.chooseRejectReason'));
        return false;
      }}
      onConfirm={async (reason) => {
        if (!entry || code === '') return;
        onDone(await rejectPayout({ id: entry.id, reasonCode: code, reason }));
      }}
    >
      <SelectField
        id="payout-reject-code"
        label={t('reviews.rejectReasonLabel')}
        value={code}
        onValueChange={(value) => {
          setCode(value as ReasonCode | '');
          setCodeError(null);
        }}
        options={[{ value: '', label: t('common.choose') }, ...rejectReasonCodesByKind.withdrawal.map((c) => ({ value: c, label: t(`rejectReasons.${c}`) }))]}
        hint={t('reviews.rejectCodeHint')}
        error={codeError}
        required
      />
    </ReasonDialog>
  );
}
