import type { ToastInput } from '@/web/components/ui/toast';
import { paths } from '@/shared/paths';

/** The spec's toast for a session that ended (part 1 sections 4 and 8). */
export const SESSION_ENDED_TOAST = {
  title: 'Unauthorised',
  description: 'You are logged out. Logging in again...',
} as const satisfies ToastInput;

/** The spec's delay before a logged-out visitor is sent to sign in. */
export const LOGGED_OUT_REDIRECT_MS = 500;

export interface LoggedOutNotice {
  toast: ToastInput;
  to: string;
  delayMs: number;
}

export interface LoggedOutOptions {
  /** What the 'Login Required' toast says to a visitor who never signed in. */
  loginRequired: string;
  /** A session that ended: its toast (the spec's 'Unauthorised' by default), where and when. */
  sessionEnded: { toast?: ToastInput; to: string; delayMs: number };
}

/**
 * What a page tells a visitor it cannot serve signed out. Someone whose session ended is
 * told they were logged out; someone who never signed in is not told that untruth, but
 * 'Login Required', and goes straight to the sign-in page.
 */
export function loggedOutNotice(hadSession: boolean, options: LoggedOutOptions): LoggedOutNotice {
  if (!hadSession) {
    return {
      toast: { title: 'Login Required', description: options.loginRequired },
      to: paths.auth,
      delayMs: 0,
    };
  }
  const { toast = SESSION_ENDED_TOAST, to, delayMs } = options.sessionEnded;
  return { toast, to, delayMs };
}
