import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sendWithKey, showToast, useRequestId } from '@pp/browser-kit';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { ErrorState, Loading } from '../../../components/ui/states';
import { formatCount, formatExactAmount } from '../../../lib/format';
import { useCan } from '../../../lib/staff-session';
import { useMemberCommunity } from '../api/member-community';
import { runMemberAction } from '../api/member-action';

type CommunityAction = 'protect' | 'unprotect' | 'allowPurchaseCode' | 'denyPurchaseCode' | 'unpinGrade' | 'unpinProtected' | 'unpinPurchaseCode';

/** The member's community figures, and the protected flag, the purchase-code flag and the grade pin (members.manage). */
export function CommunityPanel({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const canManage = can('members.manage');
  const community = useMemberCommunity(memberId);
  const requestIds = useRequestId();
  const [pending, setPending] = useState<CommunityAction | null>(null);
  let body: ReactNode;
  if (community.isPending) body = <Loading />;
  else if (community.isError) body = <ErrorState onRetry={() => void community.refetch()} />;
  else {
    const c = community.data;
    // A pinned flag also offers to hand it back to the plan's flag rules (decision 026).
    const row = (label: string, state: string, actions: Array<CommunityAction | null>) => (
      <div className="action-row" key={label}>
        <div>
          <p className="action-label">{label}</p>
          <p className="muted">{state}</p>
        </div>
        {canManage ? (
          <div className="action-buttons">
            {actions.map((action) =>
              action ? (
                <button type="button" className="btn" key={action} onClick={() => setPending(action)}>
                  {t(`community.actions.${action}`)}
                </button>
              ) : null,
            )}
          </div>
        ) : null}
      </div>
    );
    body = (
      <>
        <dl className="facts">
          {(
            [
              ['personal', c.personal],
              ['community', c.community],
              ['total', c.total],
              ['smallZone', c.smallZone],
              ['thisMonth', c.thisMonth.total],
              ['lastMonth', c.lastMonth.total],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt>{t(`community.figures.${key}`)}</dt>
              <dd className="mono">{formatExactAmount(value)}</dd>
            </div>
          ))}
          <div>
            <dt>{t('community.figures.userCount')}</dt>
            <dd>{formatCount(c.userCount)}</dd>
          </div>
          <div>
            <dt>{t('community.figures.directCount')}</dt>
            <dd>{formatCount(c.directCount)}</dd>
          </div>
        </dl>
        <div className="action-list">
          {row(
            t('community.protected'),
            `${c.isProtected ? t('common.yes') : t('common.no')} · ${t(c.isProtectedPinned ? 'community.flagPinned' : 'community.flagByRules')}`,
            [c.isProtected ? 'unprotect' : 'protect', c.isProtectedPinned ? 'unpinProtected' : null],
          )}
          {row(
            t('community.purchaseCode'),
            `${c.buyPurchaseCodeStatus ? t('common.yes') : t('common.no')} · ${t(c.isPurchaseCodePinned ? 'community.flagPinned' : 'community.flagByRules')}`,
            [c.buyPurchaseCodeStatus ? 'denyPurchaseCode' : 'allowPurchaseCode', c.isPurchaseCodePinned ? 'unpinPurchaseCode' : null],
          )}
          {row(t('community.gradePin'), c.isGradePinned ? t('community.pinned') : t('community.automatic'), [c.isGradePinned ? 'unpinGrade' : null])}
        </div>
        {!canManage ? <p className="muted">{t('members.readOnly')}</p> : null}
      </>
    );
  }
  return (
    <section className="card" aria-labelledby="member-community">
      <h2 className="card-title" id="member-community">
        {t('community.title')}
      </h2>
      {body}
      <ReasonDialog
        isOpen={pending !== null}
        onClose={() => setPending(null)}
        title={pending ? t(`community.actions.${pending}`) : ''}
        description={<p>{pending ? t(`community.confirm.${pending}`) : ''}</p>}
        confirmLabel={pending ? t(`community.actions.${pending}`) : ''}
        reasonId="member-community-reason"
        onConfirm={async (reason) => {
          if (!pending) return;
          const request = { memberId, action: pending, reason };
          await sendWithKey(requestIds, request, runMemberAction);
          showToast('success', t(`community.done.${pending}`));
          setPending(null);
        }}
      />
    </section>
  );
}
