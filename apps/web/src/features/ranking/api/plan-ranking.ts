import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export type RankingMonth = 'current' | 'last';

export const getPlanRanking = (month: RankingMonth, signal?: AbortSignal) => apiCall('planRanking', { month }, { signal });

/** The month's top members by the plan's measure, names masked, and the member's own place. */
export const planRankingQueryOptions = (month: RankingMonth) =>
  queryOptions({
    queryKey: ['planRanking', month],
    queryFn: ({ signal }) => getPlanRanking(month, signal),
    enabled: hasToken(),
  });

export const usePlanRanking = (month: RankingMonth) => useQuery(planRankingQueryOptions(month));
