import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getRecordStatement = (month: string, signal?: AbortSignal) => apiCall('recordStatement', { month }, { signal });

/** A month's statement; the current month's changes while the member looks, so it is read fresh on each visit. */
export const recordStatementQueryOptions = (month: string) =>
  queryOptions({
    queryKey: ['recordStatement', month],
    queryFn: ({ signal }) => getRecordStatement(month, signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useRecordStatement = (month: string, isEnabled: boolean) => useQuery({ ...recordStatementQueryOptions(month), enabled: isEnabled && hasToken() });
