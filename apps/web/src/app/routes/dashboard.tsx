import { AccountOverview } from '../../features/assets/components/account-overview';
import { TotalRevenue } from '../../features/assets/components/total-revenue';
import { DashboardPage } from '../../features/dashboard/pages/dashboard';
import { CommunityFigures } from '../../features/invite/components/community-figures';
import { PackagesSummary } from '../../features/packages/components/packages-summary';
import { useUserInfo } from '../../features/user/api/user-info';

/** /index: the dashboard page with the balances of the assets feature. */
export function DashboardRoute() {
  const user = useUserInfo();
  return (
    <DashboardPage
      userName={user.data?.userName}
      overview={
        <>
          <AccountOverview />
          <TotalRevenue />
          <PackagesSummary />
          <CommunityFigures isCompact />
        </>
      }
    />
  );
}
