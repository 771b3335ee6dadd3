import { useState, type ComponentType } from 'react';
import { Outlet } from 'react-router';
import { MemberLayout } from '../../components/layouts/member-layout';
import { logout } from '../../features/auth/api/logout';
import { useAssetsList } from '../../features/assets/api/assets-list';
import { useCoinList } from '../../features/assets/api/coin-list';
import { hasTransferablePoints } from '../../features/assets/balances';
import { usePackageConfig } from '../../features/packages/api/package-config';
import { useLevelList } from '../../features/user/api/level-list';
import { useUserInfo } from '../../features/user/api/user-info';
import { loadMemberMessages } from '../../lib/member-messages';
import { withQueries } from '../with-queries';

/** The shell once the member texts are there, for the route table's lazy load, inside TanStack Query's provider. */
export async function loadMemberShell(): Promise<ComponentType> {
  await loadMemberMessages();
  return withQueries(MemberShell);
}

/**
 * The logged-in frame. It loads what every member page needs (spec section 4: user info,
 * coins, assets, levels; and the package config for the equity entry), and turns it into the
 * navigation flags of spec section 2.
 */
export function MemberShell() {
  const userInfo = useUserInfo();
  const packageConfig = usePackageConfig();
  const assets = useAssetsList();
  useCoinList();
  useLevelList();
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  const flags = {
    canBuyPurchaseCode: userInfo.data?.buyPurchaseCodeStatus === true,
    canBuyEquity: packageConfig.data?.equityBuyStatus === true,
    canTransfer: hasTransferablePoints(assets.data),
  };
  const onLogout = () => {
    if (isLoggingOut) return;
    setIsLoggingOut(true);
    void logout();
  };

  return (
    <MemberLayout userName={userInfo.data?.userName} flags={flags} onLogout={onLogout} isLoggingOut={isLoggingOut}>
      <Outlet />
    </MemberLayout>
  );
}
