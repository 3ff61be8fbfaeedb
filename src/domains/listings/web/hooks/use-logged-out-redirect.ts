import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/domains/accounts/web/api/get-current-user';
import { useToast, type ToastInput } from '@/web/components/ui/toast';

/**
 * When `isLoggedOut` turns true (no user, or an API answered 401): shows the toast, then
 * goes to `to` after `delayMs` (the spec's 500 ms for the catalogue, at once for a listing).
 */
export function useLoggedOutRedirect(
  isLoggedOut: boolean,
  { toast: message, to, delayMs }: { toast: ToastInput; to: string; delayMs: number },
) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { title, description } = message;
  useEffect(() => {
    if (!isLoggedOut) return;
    toast({ title, description, variant: 'destructive' });
    const timer = setTimeout(() => {
      // A 401 means the session is gone: the sign-in page must not see a cached user.
      queryClient.setQueryData(currentUserQueryKey, null);
      navigate(to, { replace: true });
    }, delayMs);
    return () => clearTimeout(timer);
  }, [isLoggedOut, title, description, to, delayMs, toast, navigate, queryClient]);
}
