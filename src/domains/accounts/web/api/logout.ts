import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/web/lib/api-client';

/** POST /api/auth/logout: ends the session. A 401 means it had already ended. */
export async function logout(): Promise<void> {
  try {
    await apiRequest<unknown>('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}

/** Logs out; the caller decides where to go next (useLogoutAndLeave reloads home). */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
