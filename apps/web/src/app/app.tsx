import { RouterProvider } from 'react-router';
import { ToastRegion } from '@pp/browser-kit';
import { router } from './router';

export function App() {
  return (
    // TanStack Query's provider comes with the routes that use it (app/with-queries.tsx).
    <>
      <RouterProvider router={router} />
      <ToastRegion />
    </>
  );
}
