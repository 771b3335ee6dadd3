import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SessionEntry } from '@pp/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { StatusBadge } from '../../../components/ui/status-badge';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { formatDateTime } from '../../../lib/dates';
import { useSubmit, showToast } from '@pp/browser-kit';
import { currentLanguage } from '../../../lib/i18n';
import { sessionListQueryOptions, useSessionList } from '../api/session-list';
import { revokeOtherSessions, revokeSession } from '../api/session-revoke';
import { deviceLabel } from './device-label';
import { LoadState } from './load-state';

type Pending = { kind: 'one'; session: SessionEntry } | { kind: 'others' } | null;

/**
 * Where the account is signed in now: this device first and marked, then the other devices newest
 * sign-in first, by pages; sign out one of them, or every other one, after a confirmation.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useSessionList();
  const [pending, setPending] = useState<Pending>(null);
  const { isPending: isBusy, run } = useSubmit();

  const confirm = () =>
    void run(async () => {
      if (!pending) return;
      try {
        if (pending.kind === 'one') {
          await revokeSession(pending.session.id);
          showToast('success', t('security.sessions.signedOut'));
        } else {
          const { revoked } = await revokeOtherSessions();
          showToast('success', t('security.sessions.othersSignedOut', { count: revoked }));
        }
      } finally {
        setPending(null);
        void queryClient.invalidateQueries({ queryKey: sessionListQueryOptions().queryKey });
      }
    });

  const pages = list.data?.pages ?? [];
  const current = pages[0]?.current ?? null;
  const others = pages.flatMap((p) => p.items);
  const othersCount = pages[0]?.othersCount ?? 0;
  const hasOthers = othersCount > 0;
  let body;
  if (list.data) {
    body = (
      <>
        {current ? (
          <ul className="card-list" aria-label={t('security.sessions.current')}>
            <SessionRow session={current} />
          </ul>
        ) : null}
        <h3 className="section-title">{t('security.sessions.othersTitle', { count: othersCount })}</h3>
        <PagedListBody list={list} isEmpty={others.length === 0} empty={t('security.sessions.none')}>
          <ul className="card-list" aria-label={t('security.sessions.othersTitle', { count: othersCount })}>
            {others.map((s) => (
              <SessionRow key={s.id} session={s} onSignOut={() => setPending({ kind: 'one', session: s })} />
            ))}
          </ul>
        </PagedListBody>
      </>
    );
  } else {
    body = <LoadState isError={list.isError} onRetry={() => void list.refetch()} />;
  }

  return (
    <Card
      title={t('security.sessions.title')}
      action={
        hasOthers ? (
          <Button variant="secondary" className="btn-small" onClick={() => setPending({ kind: 'others' })}>
            {t('security.sessions.signOutOthers')}
          </Button>
        ) : null
      }
    >
      <div className="stack-tight">
        <p className="field-hint">{t('security.sessions.intro')}</p>
        {body}
      </div>
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending?.kind === 'others' ? t('security.sessions.confirmOthersTitle') : t('security.sessions.confirmOneTitle')}
        confirmLabel={t('security.sessions.confirm')}
        cancelLabel={t('security.sessions.cancel')}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
        isBusy={isBusy}
        variant="danger"
      >
        <p>
          {pending?.kind === 'one'
            ? t('security.sessions.confirmOneText', { device: deviceLabel(t, pending.session), address: pending.session.ip })
            : t('security.sessions.confirmOthersText')}
        </p>
      </ConfirmDialog>
    </Card>
  );
}

/** One session: the device, its address and times; this device is marked, another can be signed out. */
function SessionRow({ session: s, onSignOut }: { session: SessionEntry; onSignOut?: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <li className="list-card" data-testid={s.isCurrent ? 'session-current' : 'session-row'}>
      <div className="list-card-row">
        <span className="list-card-title break">{deviceLabel(t, s)}</span>
        {s.isCurrent ? (
          <StatusBadge tone="success">{t('security.sessions.current')}</StatusBadge>
        ) : onSignOut ? (
          <Button variant="secondary" className="btn-small" onClick={onSignOut}>
            {t('security.sessions.signOut')}
          </Button>
        ) : null}
      </div>
      <dl className="list-card-fields">
        <div>
          <dt>{t('security.sessions.address')}</dt>
          <dd className="break">{s.ip}</dd>
        </div>
        <div>
          <dt>{t('security.sessions.signedIn')}</dt>
          <dd>{formatDateTime(s.createdAt, language)}</dd>
        </div>
        <div>
          <dt>{t('security.sessions.lastSeen')}</dt>
          <dd>{formatDateTime(s.lastSeenAt, language)}</dd>
        </div>
      </dl>
    </li>
  );
}
