import { useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StaffLayout } from '../../components/layouts/staff-layout';
import { ErrorState, Loading } from '../../components/ui/states';
import { staffLogout } from '../../features/auth/api/staff-logout';
import { queryClient } from '../../lib/query-client';
import { StaffContext, staffMeQuery } from '../../lib/staff-session';
import { paths } from '../../lib/paths';

/** Every signed-in screen: loads who is signed in (staffMe), then the layout around the page. */
export function StaffShell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useQuery(staffMeQuery());
  const [isLoggingOut, setIsLoggingOut] = useState(false);

  async function logout() {
    setIsLoggingOut(true);
    await staffLogout();
    await navigate(paths.login, { replace: true });
    queryClient.clear();
  }

  if (me.isPending) {
    return (
      <div className="center-page">
        <Loading />
      </div>
    );
  }
  if (me.isError) {
    return (
      <div className="center-page">
        <ErrorState onRetry={() => void me.refetch()} />
        <button type="button" className="btn btn-ghost" onClick={() => void logout()}>
          {t('nav.logout')}
        </button>
      </div>
    );
  }
  return (
    <StaffContext.Provider value={me.data}>
      <StaffLayout staff={me.data} onLogout={() => void logout()} isLoggingOut={isLoggingOut}>
        <Outlet />
      </StaffLayout>
    </StaffContext.Provider>
  );
}
