import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls are already shown to the member as a toast by the API client, so a query does
 * not retry on its own (three toasts for one failure); the page offers "try again" instead.
 * Nor does a failed query run again because another component using it mounts (the layout and
 * the page, or the lazy page replacing its placeholder): TanStack's retryOnMount did exactly that,
 * and one HTTP 500 raised two identical toasts.
 */
export const queryDefaults = {
  queries: { retry: false, retryOnMount: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  mutations: { retry: false },
} as const;

export const queryClient = new QueryClient({ defaultOptions: queryDefaults });
