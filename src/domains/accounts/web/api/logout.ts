import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/web/lib/api-client';
import { currentUserQueryKey } from './get-current-user';

/** POST /api/auth/logout: ends the session. A 401 means it had already ended. */
export async function logout(): Promise<void> {
  try {
    await apiRequest<unknown>('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}

/**
 * Marks the visitor as signed out and drops every other cached answer, since those may hold
 * the previous user's data. Run it after leaving protected pages, or their guard would
 * bounce to /auth first.
 */
export function useForgetSignedInUser() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.setQueryData(currentUserQueryKey, null);
    queryClient.removeQueries({
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(currentUserQueryKey),
    });
  };
}

/** Logs out; the caller decides where to go, then calls useForgetSignedInUser's function. */
export function useLogout() {
  return useMutation({ mutationFn: logout });
}
