import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

/** How often the header's badge asks again while the page is open (and on every focus). */
export const unreadRefreshMs = 60_000;

export const getNotificationUnread = (signal?: AbortSignal) => apiCall('notificationUnread', {}, { signal });

export const notificationUnreadKey = ['notificationUnread'] as const;

export const notificationUnreadQueryOptions = () =>
  queryOptions({
    queryKey: notificationUnreadKey,
    queryFn: ({ signal }) => getNotificationUnread(signal),
    enabled: hasToken(),
    refetchInterval: unreadRefreshMs,
    refetchOnWindowFocus: 'always',
  });

/** The member's unread notifications, for the header's notification button. */
export const useNotificationUnread = () => useQuery(notificationUnreadQueryOptions());
