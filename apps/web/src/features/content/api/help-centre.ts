import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

/** The FAQ in the reader's language, cut into questions and answers by the server; null before staff wrote one. */
export const helpCentreQueryOptions = () =>
  queryOptions({ queryKey: ['helpCentre', currentLanguage()], queryFn: ({ signal }) => apiCall('helpCentre', {}, { signal }) });

export const useHelpCentre = () => useQuery(helpCentreQueryOptions());
