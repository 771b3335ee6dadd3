import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { Badge } from '../../../components/ui/badge';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { formatCount, formatDateTime, formatExactAmount } from '../../../lib/format';
import { translateOr } from '../../../lib/i18n';
import { useCan } from '../../../lib/staff-session';
import { useDashboard, useDashboardSeries } from '../api/dashboard';
import { DashboardCharts } from '../components/dashboard-charts';

export function DashboardPage() {
  const { t } = useTranslation();
  const can = useCan();
  const dashboard = useDashboard();
  // The charts' zone (the server counts the card's day in it too), read from the query the
  // charts start with, so the card says which day it counts without a request of its own.
  const timeZone = useDashboardSeries(30).data?.timeZone;

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        actions={
          <button type="button" className="btn" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
            {dashboard.isFetching ? t('common.loading') : t('common.refresh')}
          </button>
        }
      />
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <ErrorState onRetry={() => void dashboard.refetch()} />
      ) : (
        <div className="dashboard">
          <section className="card" aria-labelledby="dash-queues">
            <h2 className="card-title" id="dash-queues">
              {t('dashboard.queues')}
            </h2>
            {dashboard.data.queues.length === 0 ? (
              <EmptyState>{t('dashboard.noQueues')}</EmptyState>
            ) : (
              <ul className="queue-list">
                {dashboard.data.queues.map(({ queue, waiting }) => {
                  const name = translateOr(`queues.${queue}`, queue);
                  const content = (
                    <>
                      <span className="queue-name">{name}</span>
                      <span className={waiting > 0 ? 'queue-count is-waiting' : 'queue-count'}>{formatCount(waiting)}</span>
                      <span className="visually-hidden">{t('dashboard.waiting', { count: waiting })}</span>
                    </>
                  );
                  return (
                    <li key={queue}>
                      {can('reviews.read') ? (
                        <Link className="queue-link" to={paths.reviewQueue(queue)}>
                          {content}
                        </Link>
                      ) : (
                        <span className="queue-link">{content}</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>

          <section className="card" aria-labelledby="dash-today">
            <h2 className="card-title" id="dash-today">
              {timeZone ? t('dashboard.todayIn', { zone: timeZone }) : t('dashboard.today')}
            </h2>
            <dl className="stats">
              <div className="stat">
                <dt>{t('dashboard.deposits')}</dt>
                <dd>{formatExactAmount(dashboard.data.today.deposits)}</dd>
              </div>
              <div className="stat">
                <dt>{t('dashboard.withdrawals')}</dt>
                <dd>{formatExactAmount(dashboard.data.today.withdrawals)}</dd>
              </div>
              <div className="stat">
                <dt>{t('dashboard.newMembers')}</dt>
                <dd>{formatCount(dashboard.data.today.newMembers)}</dd>
              </div>
            </dl>
          </section>

          <section className="card" aria-labelledby="dash-ledger">
            <h2 className="card-title" id="dash-ledger">
              {t('dashboard.ledger')}
            </h2>
            {dashboard.data.ledger === null ? (
              <EmptyState>{t('dashboard.ledgerNotRun')}</EmptyState>
            ) : (
              <div className="ledger">
                <p>
                  <Badge tone={dashboard.data.ledger.isBalanced ? 'success' : 'danger'}>
                    {dashboard.data.ledger.isBalanced ? t('dashboard.balanced') : t('dashboard.unbalanced')}
                  </Badge>{' '}
                  <span className="muted">{t('dashboard.checkedAt', { time: formatDateTime(dashboard.data.ledger.checkedAt) })}</span>
                </p>
                {dashboard.data.ledger.accounts !== null && dashboard.data.ledger.transfers !== null ? (
                  <p>
                    {t('dashboard.ledgerCounts', {
                      accounts: formatCount(dashboard.data.ledger.accounts),
                      transfers: formatCount(dashboard.data.ledger.transfers),
                    })}
                  </p>
                ) : null}
                {/* A failed check lists its problems as the verifier wrote them: a diagnosis for engineers, not prose. */}
                {!dashboard.data.ledger.isBalanced ? (
                  <>
                    {dashboard.data.ledger.problems !== null ? <p>{t('dashboard.ledgerProblems', { count: dashboard.data.ledger.problems })}</p> : null}
                    <pre className="json" data-user-content>
                      {dashboard.data.ledger.detail}
                    </pre>
                  </>
                ) : null}
              </div>
            )}
          </section>
        </div>
      )}
      <DashboardCharts />
    </>
  );
}
