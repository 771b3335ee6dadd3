import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const configListQuery = () =>
  queryOptions({
    queryKey: ['config', 'list'] as const,
    queryFn: ({ signal }) => apiCall('configList', {}, { signal }),
  });

export const useConfigList = () => useQuery(configListQuery());
