import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { hasToken } from '../../lib/storage';

export const supportKeys = {
  config: ['supportConfig'] as const,
  thread: ['supportThread'] as const,
  unread: ['supportUnread'] as const,
};

export const useSupportConfig = () =>
  useQuery({ queryKey: supportKeys.config, queryFn: ({ signal }) => apiCall('supportConfig', {}, { signal }), enabled: hasToken(), staleTime: 300_000 });
export const useSupportThread = (isEnabled: boolean) =>
  useQuery({ queryKey: supportKeys.thread, queryFn: ({ signal }) => apiCall('supportThread', {}, { signal }), enabled: isEnabled && hasToken() });
export const useSupportUnread = () =>
  useQuery({ queryKey: supportKeys.unread, queryFn: ({ signal }) => apiCall('supportUnread', {}, { signal }), enabled: hasToken() });
export const olderMessages = (before: string) => apiCall('supportThread', { before });
export const sendSupportMessage = (body: { requestId: string; body: string; uploadId?: string }) => apiCall('supportSend', body, { requestId: body.requestId });
export const markSupportRead = () => apiCall('supportRead', {});
export const supportAttachment = (id: string) => apiCall('uploadFile', { id });
