import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { useCoinLabel } from '../api/coin-list';
import { useRevenueSummary } from '../api/revenue-summary';
import { BalanceFigure } from './balance-figure';

/** The dashboard's total revenue: reward credits per point type. */
export function TotalRevenue() {
  const { t } = useTranslation();
  const revenue = useRevenueSummary();
  const coinLabel = useCoinLabel();
  return (
    <Card title={t('dashboard.totalRevenue')}>
      {revenue.isPending ? (
        <p className="muted" aria-busy="true">
          {t('app.loading')}
        </p>
      ) : revenue.isError ? (
        <p className="muted">{t('common.loadFailed')}</p>
      ) : (
        <dl className="revenue-list">
          {revenue.data.map((entry) => (
            <div key={entry.coinName} className="revenue-item">
              <dt>{coinLabel(entry.coinName)}</dt>
              <dd>
                <BalanceFigure value={entry.total} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
