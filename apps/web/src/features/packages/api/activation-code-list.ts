import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export type ActivationState = NonNullable<RequestOf<'activationCodeList'>['state']>;
export const activationCodesPageSize = 10;

export const getActivationCodeList = (state: ActivationState | undefined, cursor: string | undefined, signal?: AbortSignal) =>
  apiCall('activationCodeList', { state, cursor, pageSize: activationCodesPageSize }, { signal });

/** The codes the member bought, newest first, by state. */
export const activationCodeListQueryOptions = (state: ActivationState | undefined) =>
  infiniteQueryOptions({
    queryKey: ['activationCodeList', state ?? 'all'],
    queryFn: ({ pageParam, signal }) => getActivationCodeList(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: hasToken(),
  });

export const activationCodeListKey = ['activationCodeList'] as const;

export const useActivationCodeList = (state: ActivationState | undefined) =>
  useInfiniteQuery({ ...activationCodeListQueryOptions(state), placeholderData: keepPreviousData });
