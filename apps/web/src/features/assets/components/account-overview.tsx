import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { useAssetsList } from '../api/assets-list';
import { useCoinLabel } from '../api/coin-list';
import { BalanceFigure } from './balance-figure';

/**
 * Every balance of the member with its available, frozen, fixed and total amounts. Compact (the
 * home) lays each balance out in two short lines on a phone, so the home's quick actions below
 * still fit on the first screen; the markup is the same, which the painted home relies on.
 */
export function AccountOverview({ title, isCompact = false }: { title?: string; isCompact?: boolean }) {
  const { t } = useTranslation();
  const assets = useAssetsList();
  const coinLabel = useCoinLabel();

  let body;
  if (assets.data) {
    body =
      assets.data.length === 0 ? (
        <p className="empty">{t('assets.empty')}</p>
      ) : (
        <ul className={isCompact ? 'asset-grid asset-grid-compact' : 'asset-grid'}>
          {assets.data.map((a) => (
            <li key={a.coinName} className="asset">
              <h3 className="asset-name">{coinLabel(a.coinName)}</h3>
              <p className="asset-total">
                <span className="visually-hidden">{t('assets.total')} </span>
                <BalanceFigure value={a.assetsTotal} />
              </p>
              <dl className="asset-parts">
                <div>
                  <dt>{t('assets.available')}</dt>
                  <dd>
                    <BalanceFigure value={a.assetsAvailable} />
                  </dd>
                </div>
                <div>
                  <dt>{t('assets.frozen')}</dt>
                  <dd>
                    <BalanceFigure value={a.assetsFrozen} />
                  </dd>
                </div>
                <div>
                  <dt>{t('assets.fixed')}</dt>
                  <dd>
                    <BalanceFigure value={a.assetsFixed} />
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      );
  } else if (assets.isError) {
    body = (
      <div className="empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void assets.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    body = <div className="skeleton-grid" role="status" aria-busy="true" aria-label={t('app.loading')} />;
  }
  return <Card title={title ?? t('dashboard.overview')}>{body}</Card>;
}
