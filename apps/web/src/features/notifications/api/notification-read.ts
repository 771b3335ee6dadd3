import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { notificationListKey } from './notification-list';
import { notificationUnreadKey } from './notification-unread';

/** Marks one notification read (`id`) or all of them (null). */
export const markNotificationsRead = async (id: string | null) => {
  if (id === null) await apiCall('notificationReadAll', {});
  else await apiCall('notificationRead', { id });
};

export const useMarkNotificationsRead = () =>
  useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: notificationUnreadKey });
      void queryClient.invalidateQueries({ queryKey: notificationListKey });
    },
  });
