import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffRoles, type ResponseOf, type StaffRole } from '@pp/contract';
import { ActionsHead } from '../../../components/ui/data-table';
import { Badge } from '../../../components/ui/badge';
import { ListCard } from '../../../components/ui/list-page';
import { Icon } from '../../../components/ui/icon';
import { SelectField, sendWithKey, useRequestId, showToast } from '@pp/browser-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { formatDateTime } from '../../../lib/format';
import { useStaff } from '../../../lib/staff-session';
import { useStaffList } from '../api/staff-list';
import { updateStaff } from '../api/staff-write';
import { CreateStaffDialog } from '../components/create-staff-dialog';

type StaffEntry = ResponseOf<'staffList'>[number];
type Pending = { kind: 'role' | 'disable' | 'enable' | 'resetTotp'; entry: StaffEntry } | null;

/** Staff accounts (admin only): create, change role, disable or enable, reset the authenticator. */
export function StaffPage() {
  const { t } = useTranslation();
  const me = useStaff();
  const list = useStaffList();
  const entries = list.data ?? [];
  const requestIds = useRequestId();
  const [isCreating, setIsCreating] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [role, setRole] = useState<StaffRole>('viewer');

  const texts = pending
    ? {
        role: {
          title: t('staffPage.changeRoleTitle', { name: pending.entry.userName }),
          body: t('staffPage.confirm.role'),
          confirm: t('staffPage.changeRole'),
          tone: 'primary' as const,
        },
        disable: {
          title: t('staffPage.disableTitle', { name: pending.entry.userName }),
          body: t('staffPage.confirm.disable'),
          confirm: t('staffPage.disable'),
          tone: 'danger' as const,
        },
        enable: {
          title: t('staffPage.enableTitle', { name: pending.entry.userName }),
          body: t('staffPage.confirm.enable'),
          confirm: t('staffPage.enable'),
          tone: 'primary' as const,
        },
        resetTotp: {
          title: t('staffPage.resetTotpTitle', { name: pending.entry.userName }),
          body: t('staffPage.confirm.resetTotp'),
          confirm: t('staffPage.resetTotp'),
          tone: 'danger' as const,
        },
      }[pending.kind]
    : null;

  return (
    <>
      <PageHeader
        title={t('staffPage.title')}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setIsCreating(true)}>
            <Icon name="plus" size={16} />
            <span>{t('staffPage.create')}</span>
          </button>
        }
      />
      <ListCard id="staff-list-title" title={t('staffPage.list')} isTitleHidden query={list} isEmpty={entries.length === 0} empty={t('staffPage.empty')}>
        <table className="table has-actions">
          <thead>
            <tr>
              <th scope="col">{t('staffPage.userName')}</th>
              <th scope="col">{t('staffPage.role')}</th>
              <th scope="col">{t('staffPage.state')}</th>
              <th scope="col">{t('staffPage.lastLogin')}</th>
              <ActionsHead />
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => {
              const isMe = entry.id === me.id;
              return (
                <tr key={entry.id}>
                  <td>
                    <span className="nowrap">
                      {entry.userName} {isMe ? <Badge>{t('staffPage.you')}</Badge> : null}
                    </span>
                    <span className="muted small block">{t('staffPage.createdOn', { time: formatDateTime(entry.createdAt) })}</span>
                  </td>
                  <td>{t(`roles.${entry.role}`)}</td>
                  <td>
                    <span className="badges">
                      {entry.isDisabled ? <Badge tone="danger">{t('staffPage.disabled')}</Badge> : <Badge tone="success">{t('staffPage.enabled')}</Badge>}
                      {entry.hasTotp ? null : <Badge tone="warning">{t('staffPage.totpNotSet')}</Badge>}
                    </span>
                    {entry.hasTotp ? <span className="muted small block">{t('staffPage.totpSet')}</span> : null}
                  </td>
                  <td className="nowrap">{entry.lastLoginAt ? formatDateTime(entry.lastLoginAt) : <span className="muted">{t('staffPage.never')}</span>}</td>
                  <td className="col-actions">
                    {isMe ? (
                      <span className="muted small">{t('staffPage.selfNote')}</span>
                    ) : (
                      <div className="row-actions">
                        <button
                          type="button"
                          className="btn btn-small"
                          aria-label={t('staffPage.changeRoleTitle', { name: entry.userName })}
                          onClick={() => {
                            setRole(entry.role);
                            setPending({ kind: 'role', entry });
                          }}
                        >
                          {t('staffPage.changeRole')}
                        </button>
                        <button
                          type="button"
                          className={entry.isDisabled ? 'btn btn-small' : 'btn btn-small btn-danger-text'}
                          aria-label={
                            entry.isDisabled ? t('staffPage.enableTitle', { name: entry.userName }) : t('staffPage.disableTitle', { name: entry.userName })
                          }
                          onClick={() => setPending({ kind: entry.isDisabled ? 'enable' : 'disable', entry })}
                        >
                          {entry.isDisabled ? t('staffPage.enable') : t('staffPage.disable')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-small"
                          aria-label={t('staffPage.resetTotpTitle', { name: entry.userName })}
                          disabled={!entry.hasTotp}
                          onClick={() => setPending({ kind: 'resetTotp', entry })}
                        >
                          {t('staffPage.resetTotp')}
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ListCard>

      <CreateStaffDialog isOpen={isCreating} onClose={() => setIsCreating(false)} />
      <ReasonDialog
        isOpen={pending !== null}
        onClose={() => setPending(null)}
        title={texts?.title ?? ''}
        description={<p>{texts?.body}</p>}
        confirmLabel={texts?.confirm ?? ''}
        tone={texts?.tone}
        reasonId="staff-action-reason"
        onConfirm={async (reason) => {
          if (!pending) return;
          const { entry, kind } = pending;
          const body = {
            staffId: entry.id,
            reason,
            ...(kind === 'role' ? { role } : kind === 'disable' ? { isDisabled: true } : kind === 'enable' ? { isDisabled: false } : { resetTotp: true }),
          };
          await sendWithKey(requestIds, body, updateStaff);
          showToast('success', t('staffPage.updated', { name: entry.userName }));
          setPending(null);
        }}
      >
        {pending?.kind === 'role' ? (
          <SelectField
            id="staff-new-role"
            label={t('staffPage.newRole')}
            value={role}
            onValueChange={(v) => setRole(v as StaffRole)}
            options={staffRoles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
            hint={t(`roleHints.${role}`)}
          />
        ) : null}
      </ReasonDialog>
    </>
  );
}
