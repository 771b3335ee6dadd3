import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

/** Who a typed name belongs to, masked (decision 093); the screen shows a refusal beside the field, so no toast. */
export const getRecipientCheck = (toUserName: string, signal?: AbortSignal) => apiCall('transferRecipientCheck', { toUserName }, { signal, isQuiet: true });

/** Each check counts against the member's allowance on the server: a name is asked once, not retried. */
export const recipientCheckQueryOptions = (toUserName: string) =>
  queryOptions({
    queryKey: ['transferRecipientCheck', toUserName.toLowerCase()],
    queryFn: ({ signal }) => getRecipientCheck(toUserName, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

/** `toUserName` as settled after typing; '' asks nothing. */
export const useRecipientCheck = (toUserName: string) =>
  useQuery({ ...recipientCheckQueryOptions(toUserName), enabled: toUserName !== '' && hasToken(), placeholderData: keepPreviousData });

export const getRecentRecipients = (signal?: AbortSignal) => apiCall('transferRecentRecipients', {}, { signal });

export const recentRecipientsKey = ['transferRecentRecipients'] as const;

export const useRecentRecipients = () => useQuery({ queryKey: recentRecipientsKey, queryFn: ({ signal }) => getRecentRecipients(signal), enabled: hasToken() });
