import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getDepositChains = (signal?: AbortSignal) => apiCall('depositChainList', {}, { signal });

/** The chains members may deposit on, with the minimum and the confirmations; staff may change them. */
export const depositChainsQueryOptions = () =>
  queryOptions({
    queryKey: ['depositChainList'],
    queryFn: ({ signal }) => getDepositChains(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useDepositChains = () => useQuery(depositChainsQueryOptions());
