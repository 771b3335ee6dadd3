/**
 * The one route table (spec section 2): hash routing, every page lazy-loaded, the guard in the
 * root loader so it runs before any page of a navigation loads.
 */
import { useLayoutEffect, type ComponentType } from 'react';
import { createHashRouter, Navigate, Outlet, redirect, useNavigation } from 'react-router';
import { ProgressBar } from '../components/ui/progress-bar';
import { endFirstPaint } from '../boot/hand-over';
import { loadServerMessages } from '../lib/i18n';
import { hasToken } from '../lib/storage';
import { lazyPage } from '@pp/browser-kit';
import { paths } from '../lib/paths';
import { guardRedirect } from './route-guard';
import { RouteError } from './route-error';

function RootShell() {
  const navigation = useNavigation();
  // The first page the app shows takes the place of the login page painted from HTML (decision 028).
  useLayoutEffect(endFirstPaint, []);
  return (
    <>
      <ProgressBar isActive={navigation.state !== 'idle'} />
      <Outlet />
    </>
  );
}

function InitialLoad() {
  return <ProgressBar isActive />;
}

/**
 * A public page with a form: wraps it in TanStack Query's provider and brings the server's
 * validation and error texts, both beside the page's chunk, not on the first download (decision 014).
 */
const withQueriesLazy = <P extends object>(page: ComponentType<P>) =>
  Promise.all([import('./with-queries'), loadServerMessages()]).then(([m]) => m.withQueries(page));

/** Relative to the root route: "/login" becomes "login". */
const child = (path: string) => path.slice(1);

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
    // The guard must look at every navigation, not only the first.
    shouldRevalidate: () => true,
    children: [
      // The guard sends "/" on before this renders; the element is the fallback.
      { index: true, element: <Navigate to={paths.dashboard} replace /> },
      {
        lazy: lazyPage(() => import('./routes/public-shell').then((m) => m.PublicShell)),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { path: child(paths.login), lazy: lazyPage(() => import('../features/auth/pages/login').then((m) => m.LoginPage)) },
              {
                path: child(paths.register),
                lazy: lazyPage(() => import('../features/auth/pages/register').then((m) => m.RegisterPage).then(withQueriesLazy)),
              },
              {
                path: child(paths.forgot),
                lazy: lazyPage(() => import('../features/auth/pages/forgot-password').then((m) => m.ForgotPasswordPage).then(withQueriesLazy)),
              },
              { path: child(paths.termsReg), lazy: lazyPage(() => import('./routes/content').then((m) => m.TermsRegRoute)) },
              { path: child(paths.notFound), lazy: lazyPage(() => import('./routes/not-found').then((m) => m.NotFoundPage)) },
              {
                path: child(paths.proofPublic),
                lazy: lazyPage(() => import('../features/proof/pages/proof-public').then((m) => m.ProofPublicPage).then(withQueriesLazy)),
              },
            ],
          },
        ],
      },
      {
        // The shell brings the member texts (lib/member-messages.ts): every page inside may use them.
        // That module is in the member chunk the shell's chunk imports, and the page's inline script
        // asks for the texts themselves beside the app (decisions 014, 029): a separate import here
        // only added a request for a re-export of it, after the shell's (decision 031).
        lazy: lazyPage(() => import('./routes/member-shell').then((m) => m.loadMemberShell())),
        children: [
          {
            ErrorBoundary: RouteError,
            children: [
              { path: child(paths.dashboard), lazy: lazyPage(() => import('./routes/dashboard').then((m) => m.DashboardRoute)) },
              { path: child(paths.userInfo), lazy: lazyPage(() => import('./routes/user-info').then((m) => m.UserInfoRoute)) },
              { path: child(paths.package), lazy: lazyPage(() => import('./routes/package').then((m) => m.PackageRoute)) },
              { path: `${child(paths.package)}/:id`, lazy: lazyPage(() => import('./routes/package').then((m) => m.PackageDetailRoute)) },
              { path: child(paths.records), lazy: lazyPage(() => import('./routes/records').then((m) => m.RecordsRoute)) },
              { path: child(paths.recharge), lazy: lazyPage(() => import('../features/deposits/pages/deposits').then((m) => m.DepositsPage)) },
              { path: child(paths.withdraw), lazy: lazyPage(() => import('./routes/withdraw').then((m) => m.WithdrawRoute)) },
              { path: child(paths.inviteTree), lazy: lazyPage(() => import('../features/invite/pages/invite-tree').then((m) => m.InviteTreePage)) },
              { path: child(paths.settings), lazy: lazyPage(() => import('../features/settings/pages/settings').then((m) => m.SettingsPage)) },
              { path: child(paths.security), lazy: lazyPage(() => import('../features/security/pages/security').then((m) => m.SecurityPage)) },
              { path: child(paths.terms), lazy: lazyPage(() => import('./routes/content').then((m) => m.TermsRoute)) },
              { path: child(paths.notification), lazy: lazyPage(() => import('./routes/content').then((m) => m.NotificationRoute)) },
              // Content (decision 023).
              {
                path: `${child(paths.announcement)}/:id`,
                lazy: lazyPage(() => import('../features/content/pages/announcement').then((m) => m.AnnouncementPage)),
              },
              { path: child(paths.whitePaper), lazy: lazyPage(() => import('../features/content/pages/white-paper').then((m) => m.WhitePaperPage)) },
              { path: child(paths.help), lazy: lazyPage(() => import('../features/content/pages/help-centre').then((m) => m.HelpCentrePage)) },
              { path: child(paths.details), lazy: lazyPage(() => import('./routes/details').then((m) => m.DetailsRoute)) },
              { path: child(paths.code), lazy: lazyPage(() => import('./routes/code').then((m) => m.CodeRoute)) },
              { path: child(paths.equity), lazy: lazyPage(() => import('./routes/equity').then((m) => m.EquityRoute)) },
              { path: child(paths.transfer), lazy: lazyPage(() => import('./routes/transfer').then((m) => m.TransferRoute)) },
              { path: child(paths.plan), lazy: lazyPage(() => import('../features/plan/pages/plan-chart').then((m) => m.PlanChartPage)) },
              { path: child(paths.ranking), lazy: lazyPage(() => import('../features/ranking/pages/ranking').then((m) => m.RankingPage)) },
              // The proof of liabilities (decision 088).
              { path: child(paths.proof), lazy: lazyPage(() => import('../features/proof/pages/proof').then((m) => m.ProofPage)) },
              // The game (decision 024).
              { path: child(paths.game), lazy: lazyPage(() => import('../features/game/pages/game').then((m) => m.GamePage)) },
            ],
          },
        ],
      },
      { path: '*', loader: () => redirect(paths.notFound) },
    ],
  },
]);
