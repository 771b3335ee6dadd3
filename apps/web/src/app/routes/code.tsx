import { useCoinLabel } from '../../features/assets/api/coin-list';
import { PurchaseCodesPage } from '../../features/purchase-codes/pages/purchase-codes';
import { useUserInfo } from '../../features/user/api/user-info';
import { useRefreshHoldings } from './use-refresh-holdings';

/** /code: the purchase-code rushes, with coin names (assets) and the member's name (user). */
export function CodeRoute() {
  const user = useUserInfo();
  const coinLabel = useCoinLabel();
  const refresh = useRefreshHoldings();
  return <PurchaseCodesPage coinLabel={coinLabel} selfUserName={user.data?.userName} onBalancesChanged={refresh} />;
}
