import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getSessionList = (signal?: AbortSignal) => apiCall('securitySessionList', {}, { signal });

export const sessionListQueryOptions = () =>
  queryOptions({
    queryKey: ['securitySessionList'],
    queryFn: ({ signal }) => getSessionList(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useSessionList = () => useQuery(sessionListQueryOptions());
