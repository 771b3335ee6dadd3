import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const notificationsPageSize = 20;

export const getNotificationList = (cursor: string | undefined, signal?: AbortSignal) =>
  apiCall('notificationList', { cursor, pageSize: notificationsPageSize }, { signal });

export const notificationListKey = ['notificationList'] as const;

/** The member's notifications, newest first. */
export const notificationListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationListKey,
    queryFn: ({ pageParam, signal }) => getNotificationList(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

export const useNotificationList = () => useInfiniteQuery(notificationListQueryOptions());
