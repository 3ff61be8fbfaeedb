import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useToast } from '@/web/components/ui/toast';
import { currentUserQueryKey } from '../api/get-current-user';
import {
  loggedOutNotice,
  type LoggedOutNotice,
  type LoggedOutOptions,
} from '../lib/logged-out-notice';
import { forgetSignedIn, wasSignedIn } from '../lib/signed-in-memory';

/**
 * When `isLoggedOut` turns true (no user, or an API answered UNAUTHENTICATED): shows the
 * notice `loggedOutNotice` picks (a session that ended, or a visitor who never signed in),
 * then goes to sign in after its delay.
 */
export function useLoggedOutRedirect(isLoggedOut: boolean, options: LoggedOutOptions) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The options are read when the visitor turns out to be logged out, not on every render.
  const latestOptions = useRef(options);
  latestOptions.current = options;
  // Decided once per logged-out spell, so running the effect again (React's strict mode
  // does) repeats the same notice rather than reading the memory it has just cleared.
  const decided = useRef<LoggedOutNotice | null>(null);

  useEffect(() => {
    if (!isLoggedOut) {
      decided.current = null;
      return;
    }
    decided.current ??= loggedOutNotice(wasSignedIn(), latestOptions.current);
    const notice = decided.current;
    // Told once: from now on this browser is one that is signed out.
    forgetSignedIn();
    toast({ ...notice.toast, variant: 'destructive' });
    const timer = setTimeout(() => {
      // The session is gone: the sign-in page must not see a cached user.
      queryClient.setQueryData(currentUserQueryKey, null);
      navigate(notice.to, { replace: true });
    }, notice.delayMs);
    return () => clearTimeout(timer);
  }, [isLoggedOut, toast, navigate, queryClient]);
}
