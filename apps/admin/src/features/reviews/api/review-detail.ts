import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const reviewDetailQuery = (id: string) =>
  queryOptions({
    queryKey: ['reviews', 'detail', id] as const,
    queryFn: ({ signal }) => apiCall('reviewDetail', { id }, { signal }),
  });

export const useReviewDetail = (id: string | null) => useQuery({ ...reviewDetailQuery(id ?? ''), enabled: id !== null });
