import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { hasToken } from '../../../lib/storage';

export const getMediaList = (signal?: AbortSignal) => apiCall('appMediaList', {}, { signal });

/** The dashboard's banners (spec: /api/app/media/appMediaList). */
export const mediaListQueryOptions = () =>
  queryOptions({ queryKey: ['appMediaList', currentLanguage()], queryFn: ({ signal }) => getMediaList(signal), enabled: hasToken() });

export const useMediaList = () => useQuery(mediaListQueryOptions());
