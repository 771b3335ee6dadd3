import { QueryClient, type Query } from '@tanstack/react-query';

/** Data fetched this recently counts as fresh when a component using it mounts. */
export const freshOnMountMs = 1000;

/**
 * Failed calls are already shown to the member as a toast by the API client, so a query does
 * not retry on its own (three toasts for one failure); the page offers "try again" instead.
 * Nor does a failed query run again because another component using it mounts (the layout and
 * the page, or the lazy page replacing its placeholder): TanStack's retryOnMount did exactly that,
 * and one HTTP 500 raised two identical toasts.
 */
export const queryDefaults = {
  queries: {
    retry: false,
    retryOnMount: false,
    refetchOnWindowFocus: false,
    staleTime: 30_000,
    // An answer younger than a second is not asked for again because a component mounts: the
    // member shell fetches the frame's data before its first paint (decision 014), and the
    // balances (staleTime 0) would otherwise be fetched twice in a row.
    refetchOnMount: (query: Query) => Date.now() - query.state.dataUpdatedAt >= freshOnMountMs,
  },
  mutations: { retry: false },
} as const;

export const queryClient = new QueryClient({ defaultOptions: queryDefaults });
