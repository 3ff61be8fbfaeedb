import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { MembershipStatus } from '../../membership.schema';

export const membershipKeys = {
  all: ['membership'] as const,
  status: () => [...membershipKeys.all, 'status'] as const,
};

/** GET /api/membership/status: tier, this month's listing views, what the tier allows. */
export function getMembershipStatus(signal?: AbortSignal): Promise<MembershipStatus> {
  return apiRequest<MembershipStatus>('/api/membership/status', { signal });
}

export const membershipStatusQueryOptions = () =>
  queryOptions({
    queryKey: membershipKeys.status(),
    queryFn: ({ signal }) => getMembershipStatus(signal),
    // The spec caches the membership status for 5 minutes.
    staleTime: 5 * 60 * 1000,
  });

export interface UseMembershipStatusOptions {
  enabled?: boolean;
  /** Poll every n ms (the payment success page), or false; a function sees the last answer. */
  refetchInterval?: number | false | ((status: MembershipStatus | undefined) => number | false);
}

export function useMembershipStatus(options: UseMembershipStatusOptions = {}) {
  return useQuery({
    ...membershipStatusQueryOptions(),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => {
      const interval = options.refetchInterval ?? false;
      return typeof interval === 'function' ? interval(query.state.data) : interval;
    },
  });
}
