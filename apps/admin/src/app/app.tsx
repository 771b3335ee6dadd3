import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { FieldOptionsContext, ToastRegion, type FieldOptions } from '@pp/browser-kit';
import { onSessionExpired } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { loginPath } from './route-guard';
import { router } from './router';

/** Staff forms announce their field errors at once; passwords are not shown in clear here. */
const fieldOptions: FieldOptions = { announceErrors: true, revealPasswords: false };

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
    <FieldOptionsContext.Provider value={fieldOptions}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToastRegion />
      </QueryClientProvider>
    </FieldOptionsContext.Provider>
  );
}
