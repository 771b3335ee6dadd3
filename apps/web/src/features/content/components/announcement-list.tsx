import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { formatDateTime } from '../../../lib/dates';
import { useAnnouncementList } from '../api/announcement-list';

/** The live announcements, pinned first; each opens its page. */
export function AnnouncementList({ pageSize = 20, isCompact = false }: { pageSize?: number; isCompact?: boolean }) {
  const { t, i18n } = useTranslation();
  const list = useAnnouncementList(pageSize);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const body = (
    <ul className="announcement-list">
      {items.map((a) => (
        <li key={a.id} className="announcement">
          {a.isPinned ? <span className="badge badge-info">{t('announcements.pinned')}</span> : null}
          <Link to={`${paths.announcement}/${a.id}`} lang={a.lang}>
            {a.title}
          </Link>
          <time className="muted" dateTime={new Date(a.publishAt).toISOString()}>
            {formatDateTime(a.publishAt, i18n.language)}
          </time>
        </li>
      ))}
    </ul>
  );
  if (isCompact) {
    return (
      <PagedListBody list={{ ...list, hasNextPage: false }} isEmpty={items.length === 0} empty={t('announcements.empty')}>
        {body}
      </PagedListBody>
    );
  }
  return (
    <PagedListBody list={list} isEmpty={items.length === 0} empty={t('announcements.empty')}>
      {body}
    </PagedListBody>
  );
}
