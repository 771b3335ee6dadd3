import { useTranslation } from 'react-i18next';
import { useAssetsList } from '../../features/assets/api/assets-list';
import { useCoinLabel } from '../../features/assets/api/coin-list';
import { AccountOverview } from '../../features/assets/components/account-overview';
import { BalanceHistoryChart } from '../../features/assets/components/balance-history-chart';
import { availableOf } from '../../features/assets/balances';
import { DetailsPage } from '../../features/details/pages/details';
import { ExchangeSection } from '../../features/exchanges/components/exchange-section';
import { useRefreshBalances } from './use-refresh-balances';

/** /details: the wallet, composed of the balances (assets) and exchange (exchanges) features. */
export function DetailsRoute() {
  const { t } = useTranslation();
  const assets = useAssetsList();
  const coinLabel = useCoinLabel();
  const refreshBalances = useRefreshBalances();
  return (
    <DetailsPage
      balances={
        <>
          <AccountOverview title={t('wallet.balances')} />
          <BalanceHistoryChart />
        </>
      }
      exchange={<ExchangeSection availableOf={(coin) => availableOf(assets.data, coin)} coinLabel={coinLabel} onBalancesChanged={refreshBalances} />}
    />
  );
}
