import { useMutation } from '@tanstack/react-query';
import { apiRequest, hasErrorCode } from '@/web/lib/api-client';
import { forgetSignedIn } from '../lib/signed-in-memory';

/** POST /api/auth/logout: ends the session. UNAUTHENTICATED means it had already ended. */
export async function logout(): Promise<void> {
  try {
    await apiRequest<unknown>('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    if (!hasErrorCode(error, 'UNAUTHENTICATED')) throw error;
  }
  // Signed out on purpose: a later visit is not told that a session ended.
  forgetSignedIn();
}

/** Logs out; the caller decides where to go next (useLogoutAndLeave reloads home). */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
