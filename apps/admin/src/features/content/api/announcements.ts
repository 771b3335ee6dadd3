import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AnnouncementAdminEntry, RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export const announcementListQuery = () =>
  infiniteQueryOptions({
    queryKey: ['content', 'announcements'] as const,
    queryFn: ({ pageParam, signal }) => apiCall('announcementAdminList', { cursor: pageParam, pageSize: 20 }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useAnnouncementAdminList = () => useInfiniteQuery(announcementListQuery());

/** Creates or changes an announcement (sanitized and audited by the server); quiet: the form shows the refusal. */
export async function saveAnnouncement(request: RequestOf<'announcementSave'>): Promise<AnnouncementAdminEntry> {
  const entry = await apiCall('announcementSave', request, { isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['content', 'announcements'] });
  return entry;
}

export async function deleteAnnouncement(id: string): Promise<void> {
  await apiCall('announcementDelete', { id, reason: '' });
  await queryClient.invalidateQueries({ queryKey: ['content', 'announcements'] });
}
