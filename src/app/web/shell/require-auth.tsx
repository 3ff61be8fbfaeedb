import { Outlet } from 'react-router';
import {
  LOGGED_OUT_REDIRECT_MS,
  useCurrentUser,
  useLoggedOutRedirect,
} from '@/domains/accounts/web';
import { Spinner } from '@/web/components/ui/spinner';
import { paths } from '@/shared/paths';

/**
 * Route guard: a spinner while the user loads; signed out, a toast then /auth (part 2: the
 * protected pages redirect "after a toast"). Someone who never signed in is asked to log in;
 * someone whose session ended is told so, and goes after the spec's 500 ms.
 */
export function RequireAuth() {
  const { user, isLoading } = useCurrentUser();
  const isSignedOut = !isLoading && !user;
  useLoggedOutRedirect(isSignedOut, {
    loginRequired: 'Please log in to view this page.',
    sessionEnded: { to: paths.auth, delayMs: LOGGED_OUT_REDIRECT_MS },
  });
  if (isLoading || !user) return <Spinner label="Loading your account" />;
  return <Outlet />;
}
