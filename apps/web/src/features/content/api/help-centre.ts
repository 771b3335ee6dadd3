import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { hasToken } from '../../../lib/storage';

/** The FAQ in the reader's language, cut into questions and answers by the server; null before staff wrote one. */
export const helpCentreQueryOptions = () =>
  queryOptions({ queryKey: ['helpCentre', currentLanguage()], queryFn: ({ signal }) => apiCall('helpCentre', {}, { signal }) });

export const useHelpCentre = () => useQuery(helpCentreQueryOptions());

/**
 * The support hours shown where the help centre runs out (the support feature reads the same call
 * under the same key, so the two share one cache entry). Only for a signed-in member.
 */
export const useSupportHours = () =>
  useQuery({
    queryKey: ['supportConfig'] as const,
    queryFn: ({ signal }) => apiCall('supportConfig', {}, { signal }),
    enabled: hasToken(),
    staleTime: 300_000,
  });
