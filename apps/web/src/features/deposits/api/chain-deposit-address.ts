import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositChain } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getDepositAddress = (chain: DepositChain, signal?: AbortSignal) => apiCall('depositAddress', { chain }, { signal });

/** The member's permanent deposit address on a chain: it never changes, so it is kept for the session. */
export const depositAddressQueryOptions = (chain: DepositChain | undefined) =>
  queryOptions({
    queryKey: ['depositAddress', chain ?? 'none'],
    queryFn: ({ signal }) => getDepositAddress(chain!, signal),
    enabled: hasToken() && chain !== undefined,
    staleTime: Infinity,
  });

export const useDepositAddress = (chain: DepositChain | undefined) => useQuery(depositAddressQueryOptions(chain));
