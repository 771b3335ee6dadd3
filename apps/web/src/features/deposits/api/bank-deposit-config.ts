import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getBankDepositConfig = (signal?: AbortSignal) => apiCall('bankDepositConfig', {}, { signal });

/** The recipient bank, rate and limits are staff settings: read them fresh on each visit. */
export const bankDepositConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['bankDepositConfig'],
    queryFn: ({ signal }) => getBankDepositConfig(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useBankDepositConfig = () => useQuery(bankDepositConfigQueryOptions());
