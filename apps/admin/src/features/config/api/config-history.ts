import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const configHistoryQuery = (key: string) =>
  queryOptions({
    queryKey: ['config', 'history', key] as const,
    queryFn: ({ signal }) => apiCall('configHistory', { key }, { signal }),
    staleTime: 0,
  });

export const useConfigHistory = (key: string | null) => useQuery({ ...configHistoryQuery(key ?? ''), enabled: key !== null });
