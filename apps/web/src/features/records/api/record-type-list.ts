import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getRecordTypeList = (signal?: AbortSignal) => apiCall('recordTypeList', {}, { signal });

export const recordTypeListQueryOptions = () =>
  queryOptions({
    queryKey: ['recordTypeList'],
    queryFn: ({ signal }) => getRecordTypeList(signal),
    enabled: hasToken(),
    staleTime: Infinity,
  });

export const useRecordTypeList = () => useQuery(recordTypeListQueryOptions());
