import { useAssetsList } from '../../features/assets/api/assets-list';
import { useCoinLabel } from '../../features/assets/api/coin-list';
import { availableOf } from '../../features/assets/balances';
import { TransfersPage } from '../../features/transfers/pages/transfers';
import { useUserInfo } from '../../features/user/api/user-info';
import { useRefreshBalances } from './use-refresh-balances';

/** /transfer: the transfers feature, with balances (assets) and the member's name (user). */
export function TransferRoute() {
  const assets = useAssetsList();
  const user = useUserInfo();
  const coinLabel = useCoinLabel();
  const refreshBalances = useRefreshBalances();
  return (
    <TransfersPage
      availableOf={(coin) => availableOf(assets.data, coin)}
      coinLabel={coinLabel}
      selfUserName={user.data?.userName}
      onBalancesChanged={refreshBalances}
    />
  );
}
