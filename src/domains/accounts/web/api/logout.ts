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
 * Logs out, then marks the visitor as signed out and drops every other cached answer,
 * since those may hold the previous user's data.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(currentUserQueryKey, null);
      queryClient.removeQueries({
        predicate: (query) =>
          JSON.stringify(query.queryKey) !== JSON.stringify(currentUserQueryKey),
      });
    },
  });
}
