import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getInsuranceDetailInfo = (holdingId: string, cursor: string | undefined, signal?: AbortSignal) =>
  apiCall('insuranceDetailInfo', { holdingId, cursor }, { signal });

/** One holding with its history, a page of events at a time (every page repeats the holding). */
export const insuranceDetailInfoQueryOptions = (holdingId: string) =>
  infiniteQueryOptions({
    queryKey: ['insuranceDetailInfo', holdingId],
    queryFn: ({ pageParam, signal }) => getInsuranceDetailInfo(holdingId, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

export const insuranceDetailInfoKey = ['insuranceDetailInfo'] as const;

export const useInsuranceDetailInfo = (holdingId: string) => useInfiniteQuery(insuranceDetailInfoQueryOptions(holdingId));
