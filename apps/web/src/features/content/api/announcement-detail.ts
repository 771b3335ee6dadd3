import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

export const getAnnouncementDetail = (id: string, signal?: AbortSignal) => apiCall('announcementDetail', { id }, { signal });

export const announcementDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['announcementDetail', currentLanguage(), id], queryFn: ({ signal }) => getAnnouncementDetail(id, signal) });

/** One announcement with its server-sanitized body. */
export const useAnnouncementDetail = (id: string) => useQuery(announcementDetailQueryOptions(id));
