import type { AnnouncementAdminEntry, RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { cursorListQuery, useCursorList } from '../../../lib/cursor-list';
import { queryClient } from '../../../lib/query-client';

export const announcementListQuery = () => cursorListQuery('announcementAdminList', {}, { key: ['content', 'announcements'], pageSize: 20 });

export const useAnnouncementAdminList = () => useCursorList(announcementListQuery());

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
