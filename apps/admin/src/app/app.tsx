import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { ToastRegion } from '../components/ui/toast-region';
import { onSessionExpired } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { loginPath } from './route-guard';
import { router } from './router';

export function App() {
  // An expired staff session (87321): to the login screen, which says why; then forget the data.
  useEffect(
    () =>
      onSessionExpired(() => {
        void router.navigate(loginPath(router.state.location.pathname, true), { replace: true }).then(() => queryClient.clear());
      }),
    [],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastRegion />
    </QueryClientProvider>
  );
}
