import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { SuspensionImpact } from '../../admin.schema';
import { adminKeys } from './admin-keys';

/** GET /api/admin/users/{userId}/suspension-impact: what suspending would take away now. */
export function getSuspensionImpact(userId: number): Promise<SuspensionImpact> {
  return apiRequest<SuspensionImpact>(`/api/admin/users/${userId}/suspension-impact`);
}

export const suspensionImpactQuery = (userId: number) =>
  queryOptions({
    queryKey: [...adminKeys.users(), 'suspension-impact', userId] as const,
    queryFn: () => getSuspensionImpact(userId),
    // Counted when the confirmation opens: sessions and listings change by the minute.
    staleTime: 0,
  });

export function useSuspensionImpact(userId: number, options: { enabled: boolean }) {
  return useQuery({ ...suspensionImpactQuery(userId), enabled: options.enabled });
}
