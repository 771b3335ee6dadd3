import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

/** The member's closing balance of each point type per day, the last 30 or 90 days (decision 041). */
export const balanceHistoryQueryOptions = (days: 30 | 90) =>
  queryOptions({
    queryKey: ['balanceHistory', days],
    queryFn: ({ signal }) => apiCall('balanceHistory', { days }, { signal }),
    enabled: hasToken(),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export const useBalanceHistory = (days: 30 | 90) => useQuery(balanceHistoryQueryOptions(days));
