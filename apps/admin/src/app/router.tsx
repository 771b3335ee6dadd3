/**
 * The one route table: hash routing under /admin/, every page lazy-loaded, the session guard in
 * the root loader (so it runs before a page loads), the permission of each screen beside it.
 */
import { createHashRouter, Navigate, Outlet, redirect, useNavigation } from 'react-router';
import type { ComponentType } from 'react';
import type { StaffPermission } from '@pp/contract';
import { Loading } from '../components/ui/states';
import { hasToken } from '../lib/storage';
import { lazyPage } from '@pp/browser-kit';
import { paths } from '../lib/paths';
import { RouteError } from './route-error';
import { guardRedirect } from './route-guard';

function RootShell() {
  const navigation = useNavigation();
  return (
    <>
      <div className={navigation.state === 'idle' ? 'progress' : 'progress is-active'} aria-hidden="true" />
      <Outlet />
    </>
  );
}

function InitialLoad() {
  return (
    <div className="center-page">
      <Loading />
    </div>
  );
}

/** Relative to the root route: "/login" becomes "login". */
const child = (path: string) => path.slice(1);

/** A staff screen: its chunk, shown only to a role with `permission`. */
function guarded(permission: StaffPermission, load: () => Promise<ComponentType>) {
  return lazyPage(async () => {
    const [{ withPermission }, Page] = await Promise.all([import('./routes/require-permission'), load()]);
    return withPermission(permission, Page);
  });
}

export const router = createHashRouter([
  {
    id: 'root',
    Component: RootShell,
    HydrateFallback: InitialLoad,
    ErrorBoundary: RouteError,
    loader: ({ request }) => {
      const target = guardRedirect(new URL(request.url).pathname, hasToken());
      return target ? redirect(target) : null;
    },
    // The guard must see every navigation, not only the first.
    shouldRevalidate: () => true,
    children: [
      { path: child(paths.login), ErrorBoundary: RouteError, lazy: lazyPage(() => import('../features/auth/pages/login').then((m) => m.LoginPage)) },
      {
        lazy: lazyPage(() => import('./routes/staff-shell').then((m) => m.StaffShell)),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { index: true, element: <Navigate to={paths.dashboard} replace /> },
              {
                path: child(paths.dashboard),
                lazy: guarded('dashboard.read', () => import('../features/dashboard/pages/dashboard').then((m) => m.DashboardPage)),
              },
              { path: child(paths.reviews), lazy: guarded('reviews.read', () => import('./routes/reviews').then((m) => m.ReviewsIndexRoute)) },
              { path: 'reviews/:queue', lazy: guarded('reviews.read', () => import('./routes/reviews').then((m) => m.ReviewQueueRoute)) },
              { path: child(paths.payouts), lazy: guarded('reviews.read', () => import('../features/payouts/pages/payouts').then((m) => m.PayoutsPage)) },
              {
                path: child(paths.members),
                lazy: guarded('members.read', () => import('../features/members/pages/member-search').then((m) => m.MemberSearchPage)),
              },
              {
                path: 'members/:memberId',
                lazy: guarded('members.read', () => import('../features/members/pages/member-detail').then((m) => m.MemberDetailPage)),
              },
              { path: child(paths.config), lazy: guarded('config.read', () => import('../features/config/pages/config').then((m) => m.ConfigPage)) },
              { path: child(paths.audit), lazy: guarded('audit.read', () => import('../features/audit/pages/audit-log').then((m) => m.AuditLogPage)) },
              {
                path: child(paths.apiReference),
                lazy: guarded('config.read', () => import('../features/api-reference/pages/api-reference').then((m) => m.ApiReferencePage)),
              },
              { path: child(paths.staff), lazy: guarded('staff.manage', () => import('../features/staff/pages/staff').then((m) => m.StaffPage)) },
              { path: child(paths.jobs), lazy: guarded('dashboard.read', () => import('../features/jobs/pages/jobs').then((m) => m.JobsPage)) },
              { path: child(paths.packages), lazy: guarded('config.read', () => import('./routes/packages').then((m) => m.PackagesRoute)) },
              { path: child(paths.plan), lazy: guarded('config.read', () => import('../features/plan/pages/plan').then((m) => m.PlanPage)) },
              { path: child(paths.content), lazy: guarded('dashboard.read', () => import('../features/content/pages/content').then((m) => m.ContentPage)) },
              // Live support chat (decision 024).
              {
                path: child(paths.support),
                lazy: guarded('support.chat', () => import('../features/support/pages/support-inbox').then((m) => m.SupportInboxPage)),
              },
              // Finance: the books and the bank reconciliation (decisions 090, 091).
              { path: child(paths.books), lazy: guarded('finance.books', () => import('../features/finance/pages/books').then((m) => m.BooksPage)) },
              {
                path: child(paths.reconciliation),
                lazy: guarded('finance.reconcile', () => import('../features/finance/pages/reconciliation').then((m) => m.ReconciliationPage)),
              },
              { path: '*', lazy: lazyPage(() => import('./routes/not-found').then((m) => m.NotFoundPage)) },
            ],
          },
        ],
      },
    ],
  },
]);
