import { useTranslation } from 'react-i18next';
import { useRecentRecipients } from '../api/transfer-recipient';
import { RecipientAvatar } from './recipient-avatar';

/** The last members this member sent to, to pick from (decision 093); nothing while none. */
export function RecentRecipients({ onPick }: { onPick: (userName: string) => void }) {
  const { t } = useTranslation();
  const recent = useRecentRecipients();
  if (recent.isPending) return <div className="recent-recipients-loading skeleton-lines" role="status" aria-busy="true" aria-label={t('app.loading')} />;
  // The form works without them: a failed read shows only a quiet line, never blocks sending.
  if (recent.isError) return <p className="muted">{t('transfer.recent.failed')}</p>;
  if (recent.data.length === 0) return <p className="muted">{t('transfer.recent.empty')}</p>;
  return (
    <div className="recent-recipients" role="group" aria-label={t('transfer.recent.title')}>
      <span className="recent-recipients-label">{t('transfer.recent.title')}</span>
      <ul>
        {recent.data.map((r) => (
          <li key={r.userName}>
            <button type="button" className="recipient-chip" onClick={() => onPick(r.userName)} aria-label={t('transfer.recent.pick', { name: r.userName })}>
              <RecipientAvatar avatar={r.avatar} size="sm" />
              <span className="break">{r.userName}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
