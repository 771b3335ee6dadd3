import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const levelListQueryOptions = () =>
  queryOptions({
    queryKey: ['levelList'],
    queryFn: ({ signal }) => apiCall('levelList', {}, { signal }),
    enabled: hasToken(),
    staleTime: Infinity,
  });

export const useLevelList = () => useQuery(levelListQueryOptions());
