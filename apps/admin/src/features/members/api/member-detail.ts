import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const memberDetailQuery = (memberId: string) =>
  queryOptions({
    queryKey: ['members', 'detail', memberId] as const,
    queryFn: ({ signal }) => apiCall('memberDetail', { memberId }, { signal }),
  });

export const useMemberDetail = (memberId: string) => useQuery(memberDetailQuery(memberId));
