import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WithdrawalAddressEntry } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog, useSubmit, showToast } from '@pp/browser-kit';
import { UsableFromNote } from '../../../components/ui/usable-from-note';
import { deleteWithdrawalAddress } from '../api/withdrawal-address-delete';
import { useWithdrawalAddressList, withdrawalAddressListQueryOptions } from '../api/withdrawal-address-list';
import { WithdrawalAddressForm } from './withdrawal-address-form';

/** What the dialog is doing: adding, changing one address, or nothing. */
type Editing = { address: WithdrawalAddressEntry | null } | null;

/** /user-info: the member's wallet addresses for on-chain withdrawals (BEP20, TRC20); add, change, delete. */
export function WithdrawalAddressesCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useWithdrawalAddressList();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<WithdrawalAddressEntry | null>(null);
  const { isPending: isBusy, run } = useSubmit();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: withdrawalAddressListQueryOptions().queryKey });

  const confirmDelete = () =>
    void run(async () => {
      if (!deleting) return;
      try {
        await deleteWithdrawalAddress(deleting.id);
        showToast('success', t('addresses.deleted'));
      } finally {
        setDeleting(null);
        refresh();
      }
    });

  const data = list.data;
  const isFull = data !== undefined && data.items.length >= data.limit;
  return (
    <Card
      title={t('addresses.title')}
      action={
        data && !isFull ? (
          <Button variant="secondary" className="btn-small" onClick={() => setEditing({ address: null })}>
            {t('addresses.add')}
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
            <p className="field-hint">{t('addresses.empty')}</p>
          ) : (
            <ul className="card-list" aria-label={t('addresses.title')}>
              {data.items.map((a) => (
                <li key={a.id} className="list-card" data-testid="address-row">
                  <div className="list-card-row list-card-row-wrap">
                    <span className="list-card-title">{a.chain}</span>
                    <UsableFromNote usableFrom={a.usableFrom} isUsable={a.isUsable} />
                  </div>
                  <p className="mono break address-line" data-testid="address-text">
                    {a.address}
                  </p>
                  <div className="list-card-actions">
                    <Button
                      variant="secondary"
                      className="btn-small"
                      onClick={() => setEditing({ address: a })}
                      aria-label={t('addresses.editNamed', { chain: a.chain, address: a.address })}
                    >
                      {t('payoutDestinations.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      className="btn-small"
                      onClick={() => setDeleting(a)}
                      aria-label={t('addresses.deleteNamed', { chain: a.chain, address: a.address })}
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
      <Dialog isOpen={editing !== null} onClose={() => setEditing(null)} title={editing?.address ? t('addresses.editTitle') : t('addresses.addTitle')}>
        {editing ? (
          <WithdrawalAddressForm
            key={editing.address?.id ?? 'new'}
            address={editing.address}
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
        title={t('addresses.confirmDeleteTitle')}
        confirmLabel={t('payoutDestinations.delete')}
        cancelLabel={t('payoutDestinations.cancel')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        isBusy={isBusy}
        variant="danger"
      >
        {deleting ? (
          <p>
            {t('addresses.confirmDeleteText', { chain: deleting.chain })} <span className="mono break">{deleting.address}</span>
          </p>
        ) : null}
      </ConfirmDialog>
    </Card>
  );
}
