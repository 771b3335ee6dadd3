import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { gradeLevels, type MemberSummary, type ResponseOf } from '@pp/contract';
import { paths } from '../../../lib/paths';
import { Badge } from '../../../components/ui/badge';
import { ActionsHead, TableBox } from '../../../components/ui/data-table';
import { SelectField, sendWithKey, useRequestId, showToast } from '@pp/browser-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/staff-session';
import { runMemberAction, type MemberAction } from '../api/member-action';
import { useMemberDetail } from '../api/member-detail';
import { changeMemberGrade } from '../api/member-grade';
import { AdjustmentDialog } from '../components/adjustment-dialog';
import { CommunityPanel } from '../components/community-panel';
import { GradeLabel, useGradeLabel } from '../components/grade-label';
import { LockBadges } from '../components/lock-badges';
import { MemberLedger } from '../components/member-ledger';

type Detail = ResponseOf<'memberDetail'>;
type Pending = { kind: 'action'; action: MemberAction; sessionId?: string } | { kind: 'grade' } | { kind: 'adjust' } | null;

export function MemberDetailPage() {
  const { t } = useTranslation();
  const { memberId = '' } = useParams();
  const detail = useMemberDetail(memberId);
  return (
    <>
      <p className="back">
        <Link to={paths.members}>{t('members.back')}</Link>
      </p>
      {detail.isPending ? (
        <Loading />
      ) : detail.isError ? (
        <ErrorState onRetry={() => void detail.refetch()} />
      ) : (
        <MemberDetailView key={detail.data.member.id} detail={detail.data} />
      )}
    </>
  );
}

function MemberDetailView({ detail }: { detail: Detail }) {
  const { t } = useTranslation();
  const can = useCan();
  const canManage = can('members.manage');
  const canGrade = can('members.grade');
  const canAdjust = can('ledger.adjust');
  const gradeLabel = useGradeLabel();
  const requestIds = useRequestId();
  const [pending, setPending] = useState<Pending>(null);
  const [level, setLevel] = useState(String(detail.member.level));
  const { member } = detail;
  // When the page was loaded is close enough: the lock is re-read on every change.
  const [loadedAt] = useState(() => Date.now());
  const isTxLocked = member.txLockedUntil > loadedAt;

  // The community actions have their own panel (CommunityPanel).
  const actionTexts: Partial<Record<MemberAction, { title: string; body: string; done: string; tone: 'primary' | 'danger' }>> = {
    lockLogin: { title: t('members.actions.lockLogin'), body: t('members.confirm.lockLogin'), done: t('members.done.lockLogin'), tone: 'danger' },
    unlockLogin: { title: t('members.actions.unlockLogin'), body: t('members.confirm.unlockLogin'), done: t('members.done.unlockLogin'), tone: 'primary' },
    lockMoney: { title: t('members.actions.lockMoney'), body: t('members.confirm.lockMoney'), done: t('members.done.lockMoney'), tone: 'danger' },
    unlockMoney: { title: t('members.actions.unlockMoney'), body: t('members.confirm.unlockMoney'), done: t('members.done.unlockMoney'), tone: 'primary' },
    resetTxLock: { title: t('members.actions.resetTxLock'), body: t('members.confirm.resetTxLock'), done: t('members.done.resetTxLock'), tone: 'primary' },
    revokeSessions: {
      title: t('members.actions.revokeSessions'),
      body: t('members.confirm.revokeSessions'),
      done: t('members.done.revokeSessions'),
      tone: 'danger',
    },
  };
  const action = pending?.kind === 'action' ? pending : null;
  const actionText = action ? actionTexts[action.action] : null;

  return (
    <>
      <PageHeader title={member.userName}>
        <LockBadges member={member} />
      </PageHeader>
      <div className="grid-2">
        <section className="card" aria-labelledby="member-profile">
          <h2 className="card-title" id="member-profile">
            {t('members.profile')}
          </h2>
          <dl className="facts">
            <Fact label={t('members.userName')}>{member.userName}</Fact>
            <Fact label={t('members.userNumber')}>
              <span className="mono">{member.userNumber}</span>
            </Fact>
            <Fact label={t('members.email')}>
              <span className="break">{member.email || t('common.none')}</span>
            </Fact>
            <Fact label={t('members.referralId')}>
              <span className="mono">{member.referralId}</span>
            </Fact>
            <Fact label={t('members.country')}>{member.countryCode}</Fact>
            <Fact label={t('members.grade')}>
              <GradeLabel level={member.level} />
            </Fact>
            <Fact label={t('members.createdAt')}>{formatDateTime(member.createdAt)}</Fact>
            <Fact label={t('members.agreeStatus')}>{member.agreeStatus ? t('common.yes') : t('common.no')}</Fact>
            <Fact label={t('members.txFailures')}>{formatCount(member.txFailures)}</Fact>
            <Fact label={t('members.txLock')}>
              {isTxLocked ? (
                <Badge tone="warning">{t('members.txLockedUntil', { time: formatDateTime(member.txLockedUntil) })}</Badge>
              ) : (
                t('members.txNotLocked')
              )}
            </Fact>
            <Fact label={t('members.referrer')}>
              {detail.referrer ? <Link to={paths.member(detail.referrer.id)}>{detail.referrer.userName}</Link> : t('common.none')}
            </Fact>
          </dl>
        </section>

        <section className="card" aria-labelledby="member-actions">
          <h2 className="card-title" id="member-actions">
            {t('members.actionsTitle')}
          </h2>
          {!canManage && !canGrade && !canAdjust ? <p className="muted">{t('members.readOnly')}</p> : null}
          {canManage ? (
            <div className="action-list">
              <ActionRow label={t('members.loginState')} state={member.isLoginLocked ? t('members.locked') : t('members.unlocked')}>
                <button
                  type="button"
                  className={member.isLoginLocked ? 'btn' : 'btn btn-danger'}
                  onClick={() => setPending({ kind: 'action', action: member.isLoginLocked ? 'unlockLogin' : 'lockLogin' })}
                >
                  {member.isLoginLocked ? t('members.actions.unlockLogin') : t('members.actions.lockLogin')}
                </button>
              </ActionRow>
              <ActionRow label={t('members.moneyState')} state={member.isMoneyLocked ? t('members.locked') : t('members.unlocked')}>
                <button
                  type="button"
                  className={member.isMoneyLocked ? 'btn' : 'btn btn-danger'}
                  onClick={() => setPending({ kind: 'action', action: member.isMoneyLocked ? 'unlockMoney' : 'lockMoney' })}
                >
                  {member.isMoneyLocked ? t('members.actions.unlockMoney') : t('members.actions.lockMoney')}
                </button>
              </ActionRow>
              <ActionRow label={t('members.txLock')} state={isTxLocked ? t('members.locked') : t('members.txFailuresCount', { count: member.txFailures })}>
                <button
                  type="button"
                  className="btn"
                  disabled={!isTxLocked && member.txFailures === 0}
                  onClick={() => setPending({ kind: 'action', action: 'resetTxLock' })}
                >
                  {t('members.actions.resetTxLock')}
                </button>
              </ActionRow>
            </div>
          ) : null}
          {canGrade ? (
            <div className="action-list">
              <ActionRow label={t('members.grade')} state={gradeLabel(member.level)}>
                <button
                  type="button"
                  className="btn"
                  onClick={() => {
                    setLevel(String(member.level));
                    setPending({ kind: 'grade' });
                  }}
                >
                  {t('members.changeGrade')}
                </button>
              </ActionRow>
            </div>
          ) : null}
          {canAdjust ? (
            <div className="action-list">
              <ActionRow label={t('adjust.label')} state={t('adjust.state')}>
                <button type="button" className="btn" onClick={() => setPending({ kind: 'adjust' })}>
                  {t('adjust.open')}
                </button>
              </ActionRow>
            </div>
          ) : null}
        </section>
      </div>

      <CommunityPanel memberId={member.id} />

      <MemberLedger memberId={member.id} />

      <section className="card card-flush" aria-labelledby="member-sessions">
        <div className="card-head">
          <h2 className="card-title" id="member-sessions">
            {t('members.sessions', { count: detail.sessions.length })}
          </h2>
          {canManage && detail.sessions.length > 0 ? (
            <button type="button" className="btn btn-danger" onClick={() => setPending({ kind: 'action', action: 'revokeSessions' })}>
              {t('members.revokeAll')}
            </button>
          ) : null}
        </div>
        {detail.sessions.length === 0 ? (
          <EmptyState>{t('members.noSessions')}</EmptyState>
        ) : (
          <TableBox label={t('members.sessions', { count: detail.sessions.length })}>
            <table className={canManage ? 'table has-actions' : 'table'}>
              <thead>
                <tr>
                  <th scope="col">{t('members.sessionCreated')}</th>
                  <th scope="col">{t('members.sessionLastSeen')}</th>
                  <th scope="col">{t('members.sessionExpires')}</th>
                  <th scope="col">{t('members.sessionIp')}</th>
                  <th scope="col">{t('members.sessionAgent')}</th>
                  {canManage ? <ActionsHead /> : null}
                </tr>
              </thead>
              <tbody>
                {detail.sessions.map((session) => (
                  <tr key={session.id}>
                    <td className="nowrap">{formatDateTime(session.createdAt)}</td>
                    <td className="nowrap">{formatDateTime(session.lastSeenAt)}</td>
                    <td className="nowrap">{formatDateTime(session.expiresAt)}</td>
                    <td className="mono">{session.ip}</td>
                    <td className="col-agent">{session.userAgent}</td>
                    {canManage ? (
                      <td>
                        <button
                          type="button"
                          className="btn btn-small"
                          aria-label={t('members.revokeOneNamed', { ip: session.ip, time: formatDateTime(session.lastSeenAt) })}
                          onClick={() => setPending({ kind: 'action', action: 'revokeSessions', sessionId: session.id })}
                        >
                          {t('members.revokeOne')}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        )}
      </section>

      <section className="card" aria-labelledby="member-invites">
        <h2 className="card-title" id="member-invites">
          {t('members.invites', { count: detail.directInviteCount })}
        </h2>
        {detail.directInvites.length === 0 ? (
          <EmptyState>{t('members.noInvites')}</EmptyState>
        ) : (
          <>
            <ul className="link-list">
              {detail.directInvites.map((invite: MemberSummary) => (
                <li key={invite.id}>
                  <Link to={paths.member(invite.id)}>{invite.userName}</Link> <span className="muted">{formatDateTime(invite.createdAt)}</span>
                </li>
              ))}
            </ul>
            {detail.directInviteCount > detail.directInvites.length ? (
              <p className="muted">{t('members.invitesShown', { shown: detail.directInvites.length, total: detail.directInviteCount })}</p>
            ) : null}
          </>
        )}
      </section>

      <ReasonDialog
        isOpen={action !== null}
        onClose={() => setPending(null)}
        title={action?.sessionId ? t('members.revokeOneTitle') : (actionText?.title ?? '')}
        description={<p>{action?.sessionId ? t('members.confirm.revokeOne') : actionText?.body}</p>}
        confirmLabel={actionText?.title ?? ''}
        tone={actionText?.tone}
        reasonId="member-action-reason"
        onConfirm={async (reason) => {
          if (!action) return;
          const body = { memberId: member.id, action: action.action, sessionId: action.sessionId, reason };
          await sendWithKey(requestIds, body, runMemberAction);
          showToast('success', actionText?.done ?? '');
          setPending(null);
        }}
      />
      <AdjustmentDialog isOpen={pending?.kind === 'adjust'} onClose={() => setPending(null)} memberId={member.id} memberName={member.userName} />
      <ReasonDialog
        isOpen={pending?.kind === 'grade'}
        onClose={() => setPending(null)}
        title={t('members.changeGrade')}
        description={<p>{t('members.confirm.grade', { name: member.userName, current: gradeLabel(member.level) })}</p>}
        confirmLabel={t('members.changeGrade')}
        reasonId="member-grade-reason"
        onConfirm={async (reason) => {
          const body = { memberId: member.id, level: Number(level), reason };
          await sendWithKey(requestIds, body, changeMemberGrade);
          showToast('success', t('members.done.grade', { grade: gradeLabel(Number(level)) }));
          setPending(null);
        }}
      >
        <SelectField
          id="member-grade"
          label={t('members.newGrade')}
          value={level}
          onValueChange={setLevel}
          options={gradeLevels.map((l) => ({ value: String(l), label: gradeLabel(l) }))}
        />
      </ReasonDialog>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ActionRow({ label, state, children }: { label: string; state: string; children: ReactNode }) {
  return (
    <div className="action-row">
      <div>
        <p className="action-label">{label}</p>
        <p className="muted">{state}</p>
      </div>
      {children}
    </div>
  );
}
