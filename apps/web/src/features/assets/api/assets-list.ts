import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

/** Spec section 4: balances refresh every 10 seconds while a session token exists. */
export const assetsRefreshMs = 10_000;

export const assetsListQueryOptions = () =>
  queryOptions({
    queryKey: ['assetsList'],
    queryFn: ({ signal }) => apiCall('assetsList', {}, { signal }),
    enabled: hasToken(),
    // Read on every tick, so the poll stops as soon as the token is gone.
    refetchInterval: () => (hasToken() ? assetsRefreshMs : false),
    staleTime: 0,
  });

export const useAssetsList = () => useQuery(assetsListQueryOptions());
