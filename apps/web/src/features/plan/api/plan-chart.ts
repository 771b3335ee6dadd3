import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getPlanChart = (signal?: AbortSignal) => apiCall('planChart', {}, { signal });

/** The plan in force now (grades, thresholds, rates) and the next scheduled version. */
export const planChartQueryOptions = () =>
  queryOptions({
    queryKey: ['planChart'],
    queryFn: ({ signal }) => getPlanChart(signal),
    enabled: hasToken(),
  });

export const usePlanChart = () => useQuery(planChartQueryOptions());
