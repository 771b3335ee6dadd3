import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { jobListRefetchMs } from './job-list';

/** Each chain watcher's progress changes with every block, so it refreshes with the job list. */
export const chainHealthQuery = () =>
  queryOptions({
    queryKey: ['jobs', 'chainHealth'] as const,
    queryFn: ({ signal }) => apiCall('chainHealth', {}, { signal }),
    refetchInterval: jobListRefetchMs,
  });

export const useChainHealth = () => useQuery(chainHealthQuery());
