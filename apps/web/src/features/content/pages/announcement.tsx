import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { PageHeader } from '../../../components/ui/page-header';
import { formatDateTime } from '../../../lib/dates';
import { useAnnouncementDetail } from '../api/announcement-detail';
import { ContentHtml } from '../components/content-html';

/** /announcement/:id: one announcement. */
export function AnnouncementPage() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const detail = useAnnouncementDetail(id);
  const a = detail.data;
  return (
    <>
      <PageHeader title={a ? a.title : t('announcements.title')} />
      <Card>
        {a ? (
          <article lang={a.lang}>
            <p className="muted">{formatDateTime(a.publishAt, i18n.language)}</p>
            <ContentHtml html={a.bodyHtml} lang={a.lang} />
          </article>
        ) : (
          <CardLoadState isError={detail.isError} onRetry={() => void detail.refetch()} />
        )}
        <p>
          <Link to={`${paths.notification}?tab=announcements`}>{t('announcements.back')}</Link>
        </p>
      </Card>
    </>
  );
}
