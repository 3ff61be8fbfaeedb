import { LOGGED_OUT_REDIRECT_MS, useLoggedOutRedirect } from '@/domains/accounts/web';
import { isUnauthorizedError } from '@/web/lib/api-client';
import { paths } from '@/shared/paths';
import { useMySubmissions } from '../api/get-my-submissions';

/**
 * The producer's submissions. Should the session have ended, the spec's toast and a move to
 * sign in after 0.5 s (part 1 section 2, My Submissions); `isLoggedOut` meanwhile.
 */
export function useSignedInSubmissions() {
  const submissions = useMySubmissions();
  const isLoggedOut = submissions.isError && isUnauthorizedError(submissions.error);
  useLoggedOutRedirect(isLoggedOut, {
    loginRequired: 'Please log in to see your submissions',
    sessionEnded: { to: paths.auth, delayMs: LOGGED_OUT_REDIRECT_MS },
  });
  return { submissions, isLoggedOut };
}
