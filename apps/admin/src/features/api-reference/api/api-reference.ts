import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** The OpenAPI document as the server generates it; it changes only with a new server version. */
export const apiReferenceQuery = () =>
  queryOptions({
    queryKey: ['apiReference'] as const,
    queryFn: ({ signal }) => apiCall('apiReference', {}, { signal }),
    staleTime: Infinity,
  });

export const useApiReference = () => useQuery(apiReferenceQuery());

/** Whether staff published the reference at /api-reference/ (the setting `features.apiReferencePublic`). */
export function useReferencePublished(): boolean | undefined {
  // The same query key as the configuration page's list, so the two share one cache entry.
  const list = useQuery({ queryKey: ['config', 'list'] as const, queryFn: ({ signal }) => apiCall('configList', {}, { signal }) });
  const entry = list.data?.find((e) => e.key === 'features.apiReferencePublic');
  return entry ? entry.value === true : undefined;
}
