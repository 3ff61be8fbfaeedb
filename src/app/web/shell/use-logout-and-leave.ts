import { useLogout } from '@/domains/accounts/web';
import { useToast } from '@/web/components/ui/toast';
import { errorMessage } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';

/** Log out, then go home; a failure keeps the visitor signed in and says so. */
export function useLogoutAndLeave() {
  const logout = useLogout();
  const toast = useToast();
  const run = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        // A full page load leaves protected pages and drops every cached answer at once.
        // Clearing the cached user after a client-side navigate races React Router's
        // transition: the old page's guard renders first and sends the visitor to /auth.
        window.location.assign(paths.home);
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
