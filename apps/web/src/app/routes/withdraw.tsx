import { useQueryClient } from '@tanstack/react-query';
import { withdrawalAddressListQueryOptions, useWithdrawalAddressList } from '../../features/addresses/api/withdrawal-address-list';
import { WithdrawalAddressForm } from '../../features/addresses/components/withdrawal-address-form';
import { useCoinLabel } from '../../features/assets/api/coin-list';
import { useBankAccountList } from '../../features/bank-accounts/api/bank-account-list';
import { WithdrawalsPage } from '../../features/withdrawals/pages/withdrawals';
import { useRefreshBalances } from './use-refresh-balances';

/** /withdraw: the withdrawals feature, with the member's wallet addresses (and their add form), bank accounts and balances. */
export function WithdrawRoute() {
  const queryClient = useQueryClient();
  const addresses = useWithdrawalAddressList();
  const bankAccounts = useBankAccountList();
  const coinLabel = useCoinLabel();
  const refreshBalances = useRefreshBalances();
  const refreshAddresses = () => void queryClient.invalidateQueries({ queryKey: withdrawalAddressListQueryOptions().queryKey });
  return (
    <WithdrawalsPage
      coinLabel={coinLabel}
      onBalancesChanged={refreshBalances}
      destinations={{
        addresses: {
          items: addresses.data?.items,
          coolingOffHours: addresses.data?.coolingOffHours,
          isError: addresses.isError,
          retry: () => void addresses.refetch(),
        },
        bankAccounts: {
          items: bankAccounts.data?.items,
          coolingOffHours: bankAccounts.data?.coolingOffHours,
          isError: bankAccounts.isError,
          retry: () => void bankAccounts.refetch(),
        },
        renderAddAddress: (close) => (
          <WithdrawalAddressForm
            address={null}
            onCancel={close}
            onSaved={() => {
              close();
              refreshAddresses();
            }}
          />
        ),
      }}
    />
  );
}
