import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { groupBankNumber, type BankAccountEntry } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, useSubmit, showToast } from '@pp/browser-kit';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { UsableFromNote } from '../../../components/ui/usable-from-note';
import { deleteBankAccount } from '../api/bank-account-delete';
import { bankAccountListQueryOptions, useBankAccountList } from '../api/bank-account-list';
import { BankAccountForm } from './bank-account-form';

/** What the dialog is doing: adding, changing one account, or nothing. */
type Editing = { account: BankAccountEntry | null } | null;

/** /user-info: the member's bank accounts for withdrawals; add, change, delete (spec section 2). */
export function BankAccountsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useBankAccountList();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<BankAccountEntry | null>(null);
  const { isPending: isBusy, run } = useSubmit();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: bankAccountListQueryOptions().queryKey });

  const confirmDelete = () =>
    void run(async () => {
      if (!deleting) return;
      try {
        await deleteBankAccount(deleting.id);
        showToast('success', t('bankAccounts.deleted'));
      } finally {
        setDeleting(null);
        refresh();
      }
    });

  const data = list.data;
  const isFull = data !== undefined && data.items.length >= data.limit;
  return (
    <Card
      title={t('bankAccounts.title')}
      action={
        data && !isFull ? (
          <Button variant="secondary" className="btn-small" onClick={() => setEditing({ account: null })}>
            {t('bankAccounts.add')}
          </Button>
        ) : null
      }
    >
      {data ? (
        <div className="stack-tight">
          <p className="field-hint">
            {data.coolingOffHours > 0 ? t('payoutDestinations.coolingOffIntro', { hours: data.coolingOffHours }) : t('payoutDestinations.noCoolingOffIntro')}
          </p>
          <p className="field-hint">{t('payoutDestinations.count', { used: data.items.length, max: data.limit })}</p>
          {data.items.length === 0 ? (
            <p className="field-hint">{t('bankAccounts.empty')}</p>
          ) : (
            <ul className="card-list" aria-label={t('bankAccounts.title')}>
              {data.items.map((a) => (
                <li key={a.id} className="list-card" data-testid="bank-account-row">
                  <div className="list-card-row list-card-row-wrap">
                    <span className="list-card-title break">{a.bankName}</span>
                    <UsableFromNote usableFrom={a.usableFrom} isUsable={a.isUsable} />
                  </div>
                  <dl className="list-card-fields">
                    <div>
                      <dt>{t('bankAccounts.accountName')}</dt>
                      <dd className="break">{a.accountName}</dd>
                    </div>
                    <div>
                      <dt>{t('bankAccounts.accountNumber')}</dt>
                      <dd className="mono break" data-testid="bank-account-number">
                        {groupBankNumber(a.accountNumber)}
                      </dd>
                    </div>
                  </dl>
                  <div className="list-card-actions">
                    <Button
                      variant="secondary"
                      className="btn-small"
                      onClick={() => setEditing({ account: a })}
                      aria-label={t('bankAccounts.editNamed', { name: a.bankName })}
                    >
                      {t('payoutDestinations.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      className="btn-small"
                      onClick={() => setDeleting(a)}
                      aria-label={t('bankAccounts.deleteNamed', { name: a.bankName })}
                    >
                      {t('payoutDestinations.delete')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {isFull ? <p className="field-hint">{t('payoutDestinations.limitReached', { max: data.limit })}</p> : null}
        </div>
      ) : (
        <CardLoadState isError={list.isError} onRetry={() => void list.refetch()} />
      )}
      <Dialog isOpen={editing !== null} onClose={() => setEditing(null)} title={editing?.account ? t('bankAccounts.editTitle') : t('bankAccounts.addTitle')}>
        {editing ? (
          <BankAccountForm
            key={editing.account?.id ?? 'new'}
            account={editing.account}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              refresh();
            }}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('bankAccounts.confirmDeleteTitle')}
        confirmLabel={t('payoutDestinations.delete')}
        cancelLabel={t('payoutDestinations.cancel')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        isBusy={isBusy}
        variant="danger"
      >
        {deleting ? <p>{t('bankAccounts.confirmDeleteText', { bank: deleting.bankName, number: groupBankNumber(deleting.accountNumber) })}</p> : null}
      </ConfirmDialog>
    </Card>
  );
}
