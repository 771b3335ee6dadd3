/**
 * The one way a back-office list pages: every list endpoint takes `cursor` and
 * `pageSize` and answers a page with `nextCursor`; `cursorListQuery` turns an endpoint, its
 * filter body and a page size into TanStack Query's infinite-query options, and `useCursorList`
 * reads it with the pages' items joined in order. A list page then holds only its filter and
 * its table (`FilterForm` and `ListCard` in components/ui/list-page.tsx).
 */
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { EndpointName, RequestOf, ResponseOf } from '@pp/contract';
import type { BodyOf } from '@pp/browser-kit';
import { apiCall } from './api-client';

/** The endpoints whose request pages by cursor. */
type Paged = { [N in EndpointName]: RequestOf<N> extends { cursor?: string | undefined; pageSize?: number | undefined } ? N : never }[EndpointName];

/** A filter body: the request without its paging fields. */
export type FilterBody<N extends Paged> = Omit<RequestOf<N>, 'cursor' | 'pageSize'>;

/** Where a page keeps its next cursor: `nextCursor` on the page itself unless told otherwise. */
type NextCursor<N extends Paged> = (page: ResponseOf<N>) => string | null;

const ownNextCursor = (page: unknown): string | null => (page as { nextCursor: string | null }).nextCursor;

export interface CursorListOptions<N extends Paged> {
  /** The query key's head (the feature's cache name); the body is appended. */
  key: readonly unknown[];
  pageSize: number;
  /** Lists that change on their own (payouts, sales) read again while shown. */
  refetchInterval?: number;
  nextCursor?: NextCursor<N>;
}

export function cursorListQuery<N extends Paged>(
  name: N,
  body: FilterBody<N>,
  { key, pageSize, refetchInterval, nextCursor = ownNextCursor }: CursorListOptions<N>,
) {
  return infiniteQueryOptions({
    queryKey: [...key, body] as const,
    queryFn: ({ pageParam, signal }) => apiCall(name, { ...body, cursor: pageParam ?? undefined, pageSize } as RequestOf<N> as BodyOf<N>, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ResponseOf<N>) => nextCursor(last),
    refetchInterval,
  });
}

/** A filter's text field: blank (after trimming) means "no filter" and is not sent. */
export const blankToUndefined = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/** A select's "every value" choice ('') is not sent. */
export const anyToUndefined = <T extends string>(value: T | ''): T | undefined => (value === '' ? undefined : value);

type PageItems<R> = R extends { items: readonly (infer I)[] } ? I : never;
const ownItems = (page: unknown): readonly unknown[] => (page as { items: readonly unknown[] }).items;

/**
 * The infinite query and its pages' items joined in order: each page's `items`, or what `itemsOf`
 * (a function defined once, outside the component) picks.
 */
export function useCursorList<N extends Paged, Item = PageItems<ResponseOf<N>>>(
  options: ReturnType<typeof cursorListQuery<N>>,
  itemsOf: (page: ResponseOf<N>) => readonly Item[] = ownItems as (page: ResponseOf<N>) => readonly Item[],
) {
  const query = useInfiniteQuery(options);
  const data = query.data as InfiniteData<ResponseOf<N>> | undefined;
  const items = useMemo(() => data?.pages.flatMap((page) => itemsOf(page)) ?? [], [data, itemsOf]);
  return { query, items };
}
