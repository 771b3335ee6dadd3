import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['userInfo'],
    queryFn: ({ signal }) => apiCall('userInfo', {}, { signal }),
    enabled: hasToken(),
  });

export const useUserInfo = () => useQuery(userInfoQueryOptions());
