import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getSecurityOverview = (signal?: AbortSignal) => apiCall('securityOverview', {}, { signal });

export const securityOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['securityOverview'],
    queryFn: ({ signal }) => getSecurityOverview(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useSecurityOverview = () => useQuery(securityOverviewQueryOptions());
