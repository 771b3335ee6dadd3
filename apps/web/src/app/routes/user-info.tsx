import { WithdrawalAddressesCard } from '../../features/addresses/components/withdrawal-addresses-card';
import { BankAccountsCard } from '../../features/bank-accounts/components/bank-accounts-card';
import { CommunityFigures } from '../../features/invite/components/community-figures';
import { MonthFiguresChart } from '../../features/invite/components/month-figures-chart';
import { UserInfoPage } from '../../features/user/pages/user-info';

/** /user-info: the account information (user) with the member's bank accounts and wallet addresses. */
export function UserInfoRoute() {
  return (
    <UserInfoPage
      performance={
        <>
          <CommunityFigures />
          <MonthFiguresChart />
        </>
      }
      withdrawalDestinations={
        <>
          <BankAccountsCard />
          <WithdrawalAddressesCard />
        </>
      }
    />
  );
}
