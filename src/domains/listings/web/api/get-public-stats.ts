import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
// A type-only import: the home page must not pull zod into its bundle.
import type { PublicStats } from '../../listings.schema';

/** GET /api/public/stats: headline figures for the home page (no sign-in needed). */
export function getPublicStats(): Promise<PublicStats> {
  return apiRequest<PublicStats>('/api/public/stats');
}

export const publicStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'stats'] as const,
    queryFn: getPublicStats,
    // The spec caches the stats for 5 minutes.
    staleTime: 5 * 60 * 1000,
  });

export function usePublicStats() {
  return useQuery(publicStatsQueryOptions());
}
