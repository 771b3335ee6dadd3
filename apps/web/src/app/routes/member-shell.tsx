import { useState, type ComponentType } from 'react';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { MemberLayout } from '../../components/layouts/member-layout';
import { logout } from '../../features/auth/api/logout';
import { assetsListQueryOptions, useAssetsList } from '../../features/assets/api/assets-list';
import { coinListQueryOptions, useCoinList } from '../../features/assets/api/coin-list';
import { hasTransferablePoints } from '../../features/assets/balances';
import { packageConfigQueryOptions, usePackageConfig } from '../../lib/package-config';
import { levelListQueryOptions, useLevelList } from '../../features/user/api/level-list';
import { useNotificationUnread } from '../../features/notifications/api/notification-unread';
import { userInfoQueryOptions, useUserInfo } from '../../features/user/api/user-info';
import { loadMemberMessages } from '../../lib/member-messages';
import { queryClient } from '../../lib/query-client';
import { hasToken } from '../../lib/storage';
import { withQueries } from '../with-queries';

/** How long the first paint of a member page waits for the frame's data before it shows loading states instead. */
const frameDataWaitMs = 2500;

/**
 * The shell once the member texts are there, for the route table's lazy load, inside TanStack
 * Query's provider. The frame's data (user, balances, coins, levels, package config) is asked for
 * at the same time, so the first paint shows it instead of growing into it: no layout shift, an
 * earlier largest paint (decision 014). A failure shows on the page as before (prefetchQuery never
 * throws; the API client has shown the message); a slow answer is waited for at most 2.5 s.
 */
export function loadMemberShell(): Promise<ComponentType> {
  // Once a page load: the entry's warm start and the route table both ask (boot/warm-start.ts), and
  // by the time the router does, the frame's answers may be in, and the balances (staleTime 0)
  // would be asked for a second time (decision 033's start in several tasks made that gap).
  shell ??= loadShell().catch((error: unknown) => {
    shell = undefined;
    throw error;
  });
  return shell;
}
let shell: Promise<ComponentType> | undefined;

async function loadShell(): Promise<ComponentType> {
  // React Router loads a matched route's code while the guard (root loader) still runs: without a
  // token the guard sends the visitor to the login, and nothing may be asked for (an answer
  // 87321 would reload the page; the queries themselves are `enabled` only with a token).
  if (!hasToken()) {
    await loadMemberMessages();
    return withQueries(MemberShell);
  }
  const frameData = Promise.all(
    [userInfoQueryOptions(), assetsListQueryOptions(), coinListQueryOptions(), levelListQueryOptions(), packageConfigQueryOptions()].map((options) =>
      queryClient.prefetchQuery(options as FetchQueryOptions),
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, frameDataWaitMs);
  });
  await Promise.all([loadMemberMessages(), Promise.race([frameData, waited])]);
  clearTimeout(timer);
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
  const unread = useNotificationUnread();
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
    <MemberLayout userName={userInfo.data?.userName} flags={flags} unreadCount={unread.data?.count ?? 0} onLogout={onLogout} isLoggingOut={isLoggingOut}>
      <Outlet />
    </MemberLayout>
  );
}
