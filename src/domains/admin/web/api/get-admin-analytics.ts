import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { AdminAnalytics, AnalyticsInterval } from '../../admin-analytics.schema';

export const adminAnalyticsKeys = {
  all: ['admin', 'analytics'] as const,
  byInterval: (interval: AnalyticsInterval) => ['admin', 'analytics', interval] as const,
};

/** GET /api/admin/analytics?interval=: every panel of the admin analytics page. */
export const getAdminAnalytics = (interval: AnalyticsInterval) =>
  apiRequest<AdminAnalytics>(`/api/admin/analytics?interval=${interval}`);

export const adminAnalyticsQueryOptions = (interval: AnalyticsInterval) =>
  queryOptions({
    queryKey: adminAnalyticsKeys.byInterval(interval),
    queryFn: () => getAdminAnalytics(interval),
    staleTime: 60_000,
  });

export function useAdminAnalytics(interval: AnalyticsInterval, isEnabled = true) {
  return useQuery({ ...adminAnalyticsQueryOptions(interval), enabled: isEnabled });
}
