import { QueryClient } from '@tanstack/react-query';

/**
 * Failed calls are already shown to the member as a toast by the API client, so a query does
 * not retry on its own (three toasts for one failure); the page offers "try again" instead.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
