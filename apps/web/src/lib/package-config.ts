import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client';
import { hasToken } from './storage';

export const packageConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['packageConfig'],
    queryFn: ({ signal }) => apiCall('packageConfig', {}, { signal }),
    enabled: hasToken(),
  });

export const usePackageConfig = () => useQuery(packageConfigQueryOptions());
