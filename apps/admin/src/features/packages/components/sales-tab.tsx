import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saleKinds, type SaleAdminEntry, type SaleKind } from '@pp/contract';
import { SelectField, TextAreaField, showToast, useSubmit } from '@pp/browser-kit';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { ConfirmForm, PendingDialog, type Pending } from '../../../components/ui/confirm-form';
import { Icon } from '../../../components/ui/icon';
import { ListBody } from '../../../components/ui/states';
import { formatCount, formatDateTime, formatExactAmount } from '../../../lib/format';
import { translateOr } from '../../../lib/i18n';
import { useCan } from '../../../lib/staff-session';
import { closeSale, useSaleList } from '../api/sales';
import { reasonCharsMax, saleState, type SaleState } from '../sale-form';
import type { GradeLabel } from './product-dialog';
import { SaleDialog } from './sale-dialog';

const stateTones: Record<SaleState, BadgeTone> = { upcoming: 'info', open: 'success', ended: 'neutral' };

/**
 * Purchase-code rushes and flash sales (decision 025): every sale, newest first, with its state at
 * the server's clock. Staff with packages.manage open a sale and end one early (with a reason).
 */
export function SalesTab({ gradeLabel }: { gradeLabel: GradeLabel }) {
  const { t } = useTranslation();
  const can = useCan();
  const canManage = can('packages.manage');
  const [kind, setKind] = useState<SaleKind | ''>('');
  const { query: list, items } = useSaleList(kind);
  const [isOpening, setIsOpening] = useState(false);
  const [closing, setClosing] = useState<SaleAdminEntry | null>(null);
  const coin = (name: string) => translateOr(`coins.${name}`, name);

  return (
    <section className="card card-flush" aria-labelledby="sales-title">
      <div className="card-head">
        <h2 className="card-title" id="sales-title">
          {t('packages.sales.title')}
        </h2>
        {canManage ? (
          <button type="button" className="btn btn-primary btn-small" onClick={() => setIsOpening(true)}>
            <Icon name="plus" size={16} />
            <span>{t('packages.sales.open')}</span>
          </button>
        ) : (
          <span className="muted small">{t('packages.readOnly')}</span>
        )}
      </div>
      <div className="card-pad sales-filter">
        <SelectField
          id="sale-kind-filter"
          label={t('packages.sales.kindFilter')}
          value={kind}
          onValueChange={(value) => setKind(value as SaleKind | '')}
          options={[{ value: '', label: t('packages.sales.allKinds') }, ...saleKinds.map((k) => ({ value: k, label: t(`packages.saleKinds.${k}`) }))]}
        />
      </div>
      <ListBody
        query={list}
        isEmpty={items.length === 0}
        empty={canManage ? t('packages.sales.emptyManage') : t('packages.sales.empty')}
        label={t('packages.sales.title')}
      >
        <table className="table has-actions">
          <thead>
            <tr>
              <th scope="col">{t('packages.sales.col.product')}</th>
              <th scope="col">{t('packages.sales.col.state')}</th>
              <th scope="col" className="num">
                {t('packages.sales.col.sold')}
              </th>
              <th scope="col" className="num">
                {t('packages.sales.col.price')}
              </th>
              <th scope="col" className="num">
                {t('packages.sales.col.perMember')}
              </th>
              <th scope="col">{t('packages.sales.col.eligibility')}</th>
              <th scope="col">{t('packages.sales.col.window')}</th>
              {canManage ? <th scope="col">{t('common.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {items.map(({ sale, serverTime }) => {
              const state = saleState(sale, serverTime);
              return (
                <tr key={sale.id} data-sale-id={sale.id}>
                  <td className="col-wide">
                    <strong>{sale.productName || sale.productId}</strong>
                    <br />
                    <span className="muted small">
                      {t(`packages.saleKinds.${sale.kind}`)} · {t('packages.sales.unitsEach', { n: sale.units })}
                    </span>
                  </td>
                  <td>
                    <Badge tone={stateTones[state]}>{t(`packages.saleStates.${state}`)}</Badge>
                  </td>
                  <td className="num nowrap">{t('packages.soldOf', { sold: formatCount(sale.sold), total: formatCount(sale.total) })}</td>
                  <td className="num nowrap">
                    {formatExactAmount(sale.price)}
                    <br />
                    <span className="muted small">{coin(sale.coinName)}</span>
                  </td>
                  <td className="num">{formatCount(sale.perMemberLimit)}</td>
                  <td>
                    {sale.minGrade === null && !sale.isFlaggedOnly ? t('packages.sales.everyone') : null}
                    {sale.minGrade !== null ? <span className="block">{t('packages.sales.fromGrade', { grade: gradeLabel(sale.minGrade) })}</span> : null}
                    {sale.isFlaggedOnly ? <span className="block">{t('packages.sales.flaggedOnly')}</span> : null}
                  </td>
                  <td className="nowrap">
                    {formatDateTime(sale.startsAt)}
                    <br />
                    <span className="muted small">{t('packages.sales.until', { time: formatDateTime(sale.endsAt) })}</span>
                  </td>
                  {canManage ? (
                    <td>
                      {state !== 'ended' ? (
                        <button
                          type="button"
                          className="btn btn-small btn-danger"
                          onClick={() => setClosing(sale)}
                          aria-label={t('packages.sales.endNowOf', { name: sale.productName })}
                        >
                          {t('packages.sales.endNow')}
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ListBody>
      {canManage ? <SaleDialog isOpen={isOpening} gradeLabel={gradeLabel} onClose={() => setIsOpening(false)} /> : null}
      {canManage ? (
        <PendingDialog isOpen={closing !== null} onClose={() => setClosing(null)} title={t('packages.sales.endTitle')}>
          {(pending) => (closing ? <CloseForm sale={closing} pending={pending} onClose={() => setClosing(null)} /> : null)}
        </PendingDialog>
      ) : null}
    </section>
  );
}

/** The in-page confirmation of "End now": what ends, and the reason for the audit trail. */
function CloseForm({ sale, pending, onClose }: { sale: SaleAdminEntry; pending: Pending; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const {
    formError,
    setFormError,
    isRunning: isBusy,
    run,
  } = useSubmit({
    onBusyChange: pending.setIsPending,
    fieldOf: (error) => (error.details.field === 'reason' ? 'reason' : undefined),
    showFieldError: (_field, message) => setReasonError(message),
  });

  function submit() {
    if (isBusy()) return;
    const trimmed = reason.trim();
    if (trimmed === '') return setReasonError(t('packages.saleErrors.reasonRequired'));
    if (trimmed.length > reasonCharsMax) return setReasonError(t('packages.saleErrors.reasonTooLong'));
    void run(
      () => closeSale(sale.id, trimmed),
      () => {
        showToast('success', t('packages.sales.ended'));
        onClose();
      },
    );
  }

  return (
    <ConfirmForm
      onSubmit={submit}
      onClose={onClose}
      formError={formError}
      confirmLabel={t('packages.sales.endNow')}
      tone="danger"
      isPending={pending.isPending}
    >
      <p className="notice notice-warning">
        {t('packages.sales.endWarning', { name: sale.productName, sold: formatCount(sale.sold), total: formatCount(sale.total) })}
      </p>
      <TextAreaField
        id="sale-close-reason"
        label={t('packages.sales.fields.reason')}
        hint={t('packages.sales.hints.reason')}
        value={reason}
        onValueChange={(value) => {
          setReason(value);
          setReasonError(null);
          setFormError(null);
        }}
        error={reasonError ?? undefined}
        maxLength={reasonCharsMax}
        rows={3}
        required
        disabled={pending.isPending}
      />
    </ConfirmForm>
  );
}
