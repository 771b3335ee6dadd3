import { AccountOverview } from '../../features/assets/components/account-overview';
import { TotalValue } from '../../features/assets/components/total-value';
import { PrimaryActions } from '../../features/dashboard/components/primary-actions';
import { TotalRevenue } from '../../features/assets/components/total-revenue';
import { DashboardPage } from '../../features/dashboard/pages/dashboard';
import { CommunityFigures } from '../../features/invite/components/community-figures';
import { PackagesSummary } from '../../features/packages/components/packages-summary';
import { FlashSales } from '../../features/purchase-codes/components/flash-sales';
import { useCoinLabel } from '../../features/assets/api/coin-list';
import { useRefreshHoldings } from './use-refresh-holdings';
import { useUserInfo } from '../../features/user/api/user-info';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/ui/card';
import { AnnouncementList } from '../../features/content/components/announcement-list';
import { Banners } from '../../features/content/components/banners';
import { paths } from '../../lib/paths';

/** /index: the dashboard page with the balances of the assets feature. */
export function DashboardRoute() {
  const user = useUserInfo();
  const { t } = useTranslation();
  const coinLabel = useCoinLabel();
  const refreshHoldings = useRefreshHoldings();
  return (
    <DashboardPage
      userName={user.data?.userName}
      overview={
        <>
          <Banners />
          <TotalValue actions={<PrimaryActions />} />
          <AccountOverview isCompact />
        </>
      }
      sections={
        <>
          <FlashSales coinLabel={coinLabel} onBought={refreshHoldings} />
          <TotalRevenue />
          <PackagesSummary />
          <CommunityFigures isCompact />
          <Card title={t('announcements.title')} action={<Link to={`${paths.notification}?tab=announcements`}>{t('announcements.more')}</Link>}>
            <AnnouncementList pageSize={3} isCompact />
          </Card>
        </>
      }
    />
  );
}
