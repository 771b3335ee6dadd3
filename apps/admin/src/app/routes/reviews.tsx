/**
 * The review screens, composed here because they need two features: the queue names and counts
 * come from the dashboard, the queue screen from reviews.
 */
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState, ErrorState, Loading } from '../../components/ui/states';
import { useDashboard } from '../../features/dashboard/api/dashboard';
import { ReviewQueuePage } from '../../features/reviews/pages/review-queue';
import { paths } from '../../lib/paths';

/** /reviews: the first queue with something waiting, else the first queue. */
export function ReviewsIndexRoute() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Loading />;
  if (dashboard.isError) return <ErrorState onRetry={() => void dashboard.refetch()} />;
  const queues = dashboard.data.queues;
  const first = queues.find((q) => q.waiting > 0) ?? queues[0];
  if (first) return <Navigate to={paths.reviewQueue(first.queue)} replace />;
  return (
    <>
      <PageHeader title={t('nav.reviews')} />
      <EmptyState>{t('dashboard.noQueues')}</EmptyState>
    </>
  );
}

/** /reviews/:queue — one screen for every queue; a new queue starts with fresh filters. */
export function ReviewQueueRoute() {
  const { queue = '' } = useParams();
  const dashboard = useDashboard();
  return <ReviewQueuePage key={queue} queue={queue} queues={dashboard.data?.queues ?? null} />;
}
