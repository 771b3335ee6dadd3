import { useAssetsList } from '../../features/assets/api/assets-list';
import { useCoinLabel } from '../../features/assets/api/coin-list';
import { availableOf } from '../../features/assets/balances';
import { EquityPage } from '../../features/equity/pages/equity';
import { useRefreshBalances } from './use-refresh-balances';

/** /equity: the shares feature, with balances and coin names (assets). */
export function EquityRoute() {
  const assets = useAssetsList();
  const coinLabel = useCoinLabel();
  const refreshBalances = useRefreshBalances();
  return <EquityPage availableOf={(coin) => availableOf(assets.data, coin)} coinLabel={coinLabel} onBalancesChanged={refreshBalances} />;
}
