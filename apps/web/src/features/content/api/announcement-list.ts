import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { hasToken } from '../../../lib/storage';

export const getAnnouncementList = (cursor: string | undefined, pageSize: number, signal?: AbortSignal) =>
  apiCall('announcementList', { cursor, pageSize }, { signal });

/** The live announcements in the member's language (or the fallback), pinned first. */
export const announcementListQueryOptions = (pageSize: number) =>
  infiniteQueryOptions({
    queryKey: ['announcementList', currentLanguage(), pageSize],
    queryFn: ({ pageParam, signal }) => getAnnouncementList(pageParam, pageSize, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

export const useAnnouncementList = (pageSize = 20) => useInfiniteQuery(announcementListQueryOptions(pageSize));
