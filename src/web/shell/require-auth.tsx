import { Navigate, Outlet } from 'react-router';
import { useCurrentUser } from '@/domains/accounts/web';
import { Spinner } from '@/web/components/ui/spinner';
import { paths } from '@/shared/paths';

/** Route guard: a spinner while the user loads, then /auth when signed out. */
export function RequireAuth() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner label="Loading your account" />;
  if (!user) return <Navigate to={paths.auth} replace />;
  return <Outlet />;
}
