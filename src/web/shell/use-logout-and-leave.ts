import { useNavigate } from 'react-router';
import { useForgetSignedInUser, useLogout } from '@/domains/accounts/web/api/logout';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/web/paths';

/** Log out, then go home; a failure keeps the visitor signed in and says so. */
export function useLogoutAndLeave() {
  const logout = useLogout();
  const navigate = useNavigate();
  const toast = useToast();
  const forgetSignedInUser = useForgetSignedInUser();
  const run = () =>
    logout.mutate(undefined, {
      onSuccess: async () => {
        // Leave first: clearing the user on a protected page would send its guard to /auth.
        await navigate(paths.home);
        forgetSignedInUser();
      },
      onError: (error) =>
        toast({
          title: 'Logout failed',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  return { logOut: run, isPending: logout.isPending };
}
