import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

/** Total revenue per point type: the member's posted reward credits. */
export const revenueSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['revenueSummary'],
    queryFn: ({ signal }) => apiCall('revenueSummary', {}, { signal }),
    enabled: hasToken(),
  });

export const useRevenueSummary = () => useQuery(revenueSummaryQueryOptions());
