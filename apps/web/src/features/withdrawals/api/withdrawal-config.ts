import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getWithdrawalConfig = (signal?: AbortSignal) => apiCall('withdrawalConfigList', {}, { signal });

/** The withdrawal types (fee, limits, rate) are staff settings: read them fresh on each visit. */
export const withdrawalConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['withdrawalConfigList'],
    queryFn: ({ signal }) => getWithdrawalConfig(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useWithdrawalConfig = () => useQuery(withdrawalConfigQueryOptions());
