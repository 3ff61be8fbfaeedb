import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, hasErrorCode } from '@/web/lib/api-client';
import type { CurrentUser } from '../../accounts.schema';
import { rememberSignedIn } from '../lib/signed-in-memory';

/** The current user, or null when signed out (UNAUTHENTICATED means logged out, not an error). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('/api/auth/user');
  } catch (error) {
    if (hasErrorCode(error, 'UNAUTHENTICATED')) return null;
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
    retry: (failureCount, error) => !hasErrorCode(error, 'UNAUTHENTICATED') && failureCount < 3,
  });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  const user = query.data ?? null;
  useEffect(() => {
    // Remembered so that, should this session end, the pages can say so (signed-in-memory.ts).
    if (user) rememberSignedIn();
  }, [user]);
  return { user, isLoading: query.isLoading, query };
}
