import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { queryClient } from '../lib/query-client';

/**
 * A route's component inside the app's one QueryClient (decision 014). TanStack Query is not in
 * the first download of /#/login: the member shell and the public pages that query (register,
 * forgot password) load it with their own chunk through this wrapper. A new public page whose
 * components use TanStack hooks wraps its component the same way in the route table; member
 * pages need nothing (the member shell provides it).
 */
export function withQueries<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    return (
      <QueryClientProvider client={queryClient}>
        <Component {...props} />
      </QueryClientProvider>
    );
  }
  return WithQueries;
}
