import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** A member's community figures, flags and grade pin (decision 021). */
export const memberCommunityQuery = (memberId: string) =>
  queryOptions({
    queryKey: ['members', 'community', memberId] as const,
    queryFn: ({ signal }) => apiCall('memberCommunity', { memberId }, { signal }),
  });

export const useMemberCommunity = (memberId: string) => useQuery(memberCommunityQuery(memberId));
