import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@pp/contract';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { currentLanguage } from '../../../lib/i18n';
import { useAssetsValue } from '../api/assets-value';
import { useCoinLabel } from '../api/coin-list';
import { hiddenFigure, setBalancesHidden } from '../balance-privacy';
import { useBalancesHidden } from '../use-balances-hidden';

/**
 * The home's first card: every balance as one total in USDT (valued by the server at the rates
 * staff configured; a point type with no rate is named below, not guessed), the eye that hides
 * every balance on this device, and the money actions the route passes in.
 */
export function TotalValue({ actions }: { actions?: ReactNode }) {
  const { t } = useTranslation();
  const value = useAssetsValue();
  const coinLabel = useCoinLabel();
  const isHidden = useBalancesHidden();
  const language = currentLanguage();

  const eye = (
    <button
      type="button"
      className="icon-button balance-eye"
      aria-pressed={isHidden}
      aria-label={t('assets.hideBalances')}
      title={t('assets.hideBalances')}
      onClick={() => setBalancesHidden(!isHidden)}
    >
      <Icon name={isHidden ? 'eyeOff' : 'eye'} size={20} />
    </button>
  );

  let figure;
  if (value.data) {
    figure = (
      <>
        <p className="total-value-figure" data-testid="total-value">
          {isHidden ? (
            <>
              <span aria-hidden="true">{hiddenFigure}</span>
              <span className="visually-hidden">{t('assets.hidden')}</span>
            </>
          ) : (
            t('assets.totalValueAmount', { amount: formatAmount(value.data.total, language) })
          )}
        </p>
        {value.data.unvaluedCoins.length > 0 ? (
          <p className="card-note">{t('assets.unvalued', { coins: value.data.unvaluedCoins.map(coinLabel).join(', ') })}</p>
        ) : null}
      </>
    );
  } else if (value.isError) {
    figure = (
      <p className="total-value-figure">
        <button type="button" className="btn btn-secondary" onClick={() => void value.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  } else {
    figure = <p className="total-value-figure skeleton-line" role="status" aria-busy="true" aria-label={t('app.loading')} />;
  }

  return (
    <Card title={t('assets.totalValue')} action={eye} className="total-value">
      {figure}
      {actions}
    </Card>
  );
}
