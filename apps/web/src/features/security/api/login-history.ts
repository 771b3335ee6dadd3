import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getLoginHistory = (signal?: AbortSignal) => apiCall('securityLoginHistory', {}, { signal });

export const loginHistoryQueryOptions = () =>
  queryOptions({
    queryKey: ['securityLoginHistory'],
    queryFn: ({ signal }) => getLoginHistory(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useLoginHistory = () => useQuery(loginHistoryQueryOptions());
