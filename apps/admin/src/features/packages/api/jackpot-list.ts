import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const jackpotListQuery = () =>
  queryOptions({
    queryKey: ['packages', 'jackpot'] as const,
    queryFn: ({ signal }) => apiCall('jackpotAdminList', {}, { signal }),
  });

export const useJackpotList = () => useQuery(jackpotListQuery());
