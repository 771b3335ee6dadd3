import { useQuery } from '@tanstack/react-query';
import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../lib/api-client';

export type InboxFilter = NonNullable<RequestOf<'supportInbox'>['filter']>;

export const supportKeys = {
  inbox: (filter: InboxFilter) => ['support', 'inbox', filter] as const,
  thread: (id: string) => ['support', 'thread', id] as const,
  all: ['support'] as const,
};

export const useInbox = (filter: InboxFilter) =>
  useQuery({ queryKey: supportKeys.inbox(filter), queryFn: ({ signal }) => apiCall('supportInbox', { filter }, { signal }) });
export const useStaffThread = (id: string | null) =>
  useQuery({
    queryKey: supportKeys.thread(id ?? ''),
    queryFn: ({ signal }) => apiCall('supportStaffThread', { conversationId: id! }, { signal }),
    enabled: id !== null,
  });
export const useAgents = () =>
  useQuery({ queryKey: ['support', 'agents'], queryFn: ({ signal }) => apiCall('supportAgents', {}, { signal }), staleTime: 300_000 });
export const olderStaffMessages = (conversationId: string, before: string) => apiCall('supportStaffThread', { conversationId, before });
export const staffSend = (body: RequestOf<'supportStaffSend'>) => apiCall('supportStaffSend', body, { requestId: body.requestId });
export const staffRead = (conversationId: string) => apiCall('supportStaffRead', { conversationId });
export const assignConversation = (conversationId: string, staffId: string | null) => apiCall('supportAssign', { conversationId, staffId });
export const staffAttachment = (id: string) => apiCall('staffUploadFile', { id });
