import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const getRedeemFee = (holdingId: string, signal?: AbortSignal) => apiCall('redeemFee', { holdingId }, { signal });

/** What redeeming a holding now would cost and give back; always read fresh (the fee changes at unlock). */
export const redeemFeeQueryOptions = (holdingId: string | null) =>
  queryOptions({
    queryKey: ['redeemFee', holdingId],
    queryFn: ({ signal }) => getRedeemFee(holdingId ?? '', signal),
    enabled: holdingId !== null,
    staleTime: 0,
    gcTime: 0,
  });

export const useRedeemFee = (holdingId: string | null) => useQuery(redeemFeeQueryOptions(holdingId));
