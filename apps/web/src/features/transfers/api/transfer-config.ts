import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getTransferConfig = (signal?: AbortSignal) => apiCall('transferConfig', {}, { signal });

/** Staff may change the fee and bonus at any time: read them fresh on each visit. */
export const transferConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['transferConfig'],
    queryFn: ({ signal }) => getTransferConfig(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useTransferConfig = () => useQuery(transferConfigQueryOptions());
