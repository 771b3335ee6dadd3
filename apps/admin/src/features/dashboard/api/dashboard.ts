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

/** The charts' day series over the last 30 or 90 days (decision 042). */
export const dashboardSeriesQuery = (days: 30 | 90) =>
  queryOptions({
    queryKey: ['dashboard', 'series', days] as const,
    queryFn: ({ signal }) => apiCall('dashboardSeries', { days }, { signal }),
    refetchInterval: 300_000,
  });

export const useDashboardSeries = (days: 30 | 90) => useQuery(dashboardSeriesQuery(days));
