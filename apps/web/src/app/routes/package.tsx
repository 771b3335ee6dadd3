import { useAssetsList } from '../../features/assets/api/assets-list';
import { useCoinLabel } from '../../features/assets/api/coin-list';
import { availableOf } from '../../features/assets/balances';
import { PackageDetailPage } from '../../features/packages/pages/package-detail';
import { PackagesPage } from '../../features/packages/pages/packages';
import { FlashSales } from '../../features/purchase-codes/components/flash-sales';
import { useUserInfo } from '../../features/user/api/user-info';
import { useRefreshBalances } from './use-refresh-balances';

/** /package: the packages feature, with balances (assets) and the member's name (user). */
export function PackageRoute() {
  const assets = useAssetsList();
  const user = useUserInfo();
  const coinLabel = useCoinLabel();
  const refreshBalances = useRefreshBalances();
  return (
    <PackagesPage
      availableOf={(coin) => availableOf(assets.data, coin)}
      coinLabel={coinLabel}
      selfUserName={user.data?.userName}
      onBalancesChanged={refreshBalances}
      flashSales={(onChanged) => <FlashSales coinLabel={coinLabel} onBought={onChanged} />}
    />
  );
}

/** /package/:id: one holding's details. */
export function PackageDetailRoute() {
  const coinLabel = useCoinLabel();
  return <PackageDetailPage coinLabel={coinLabel} />;
}
