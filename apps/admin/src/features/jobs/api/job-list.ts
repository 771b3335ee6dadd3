import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** Job status changes on its own (runs start and finish), so the page keeps it fresh. */
export const jobListRefetchMs = 5_000;

export const jobListQuery = () =>
  queryOptions({
    queryKey: ['jobs', 'list'] as const,
    queryFn: ({ signal }) => apiCall('jobList', {}, { signal }),
    refetchInterval: jobListRefetchMs,
  });

export const useJobList = () => useQuery(jobListQuery());
