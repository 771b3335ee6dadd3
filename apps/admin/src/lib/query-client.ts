import { QueryClient } from '@tanstack/react-query';

/**
 * The API client already shows every failure as a toast, so nothing retries on its own (one
 * failure, one message); screens offer "try again". Writes never retry: a decision or a
 * configuration change is sent once per click. A failed query is not run again when another
 * component using it mounts (retryOnMount): that raised a second identical toast for one failure.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, retryOnMount: false, refetchOnWindowFocus: false, staleTime: 15_000 },
    mutations: { retry: false },
  },
});
