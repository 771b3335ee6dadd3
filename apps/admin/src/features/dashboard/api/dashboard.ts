import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** Waiting counts, today's totals and the last ledger check; the review queues read it too. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['dashboard'] as const,
    queryFn: ({ signal }) => apiCall('dashboard', {}, { signal }),
    refetchInterval: 60_000,
  });

export const useDashboard = () => useQuery(dashboardQuery());
