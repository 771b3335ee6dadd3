import { Outlet } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout';

export function PublicShell() {
  return (
    <AuthLayout>
      <Outlet />
    </AuthLayout>
  );
}
