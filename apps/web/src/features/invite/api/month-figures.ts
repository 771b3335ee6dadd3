import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

/** The member's own personal and community performance, the last twelve months (decision 041). */
export const monthFiguresQueryOptions = () =>
  queryOptions({
    queryKey: ['userMonthFigures'],
    queryFn: ({ signal }) => apiCall('userMonthFigures', {}, { signal }),
    enabled: hasToken(),
    staleTime: 60_000,
  });

export const useMonthFigures = () => useQuery(monthFiguresQueryOptions());
