import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getWithdrawalInfo = (signal?: AbortSignal) => apiCall('withdrawalInfo', {}, { signal });

/** What the member can withdraw now and what is on its way; read again after every withdrawal. */
export const withdrawalInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['withdrawalInfo'],
    queryFn: ({ signal }) => getWithdrawalInfo(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useWithdrawalInfo = () => useQuery(withdrawalInfoQueryOptions());
