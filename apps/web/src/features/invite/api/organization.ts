import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const organizationPageSize = 20;

export const getOrganization = (input: { memberId?: string; search?: string; cursor?: string }, signal?: AbortSignal) =>
  apiCall('organization', { ...input, pageSize: organizationPageSize }, { signal });

/** The direct invites of the member (or of someone in their downline), newest first; or a search in the downline. */
export const organizationQueryOptions = (input: { memberId?: string; search?: string }) =>
  infiniteQueryOptions({
    queryKey: ['organization', input.memberId ?? 'me', input.search ?? ''],
    queryFn: ({ pageParam, signal }) => getOrganization({ ...input, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

export const useOrganization = (input: { memberId?: string; search?: string }) => useInfiniteQuery(organizationQueryOptions(input));
