import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/web/lib/api-client';
import type { CurrentUser } from '../../accounts.schema';

/** The current user, or null when signed out (a 401 means logged out, not an error). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('/api/auth/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryKey = ['auth', 'user'] as const;

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: currentUserQueryKey,
    queryFn: getCurrentUser,
    // The spec: stale after 2 min, cached 5 min, up to 3 retries but none on 401.
    staleTime: 2 * 60 * 1000,
    gcTime: 5 * 60 * 1000,
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status === 401) && failureCount < 3,
  });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return { user: query.data ?? null, isLoading: query.isLoading, query };
}
