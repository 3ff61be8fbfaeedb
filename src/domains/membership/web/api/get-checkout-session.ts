import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/web/lib/api-client';
import type { CheckoutSession } from '../../membership.schema';
import { membershipKeys } from './get-membership-status';

/**
 * GET /api/membership/checkout/{sessionId}: the signed-in user's own checkout, its state and
 * (local provider) client secret. Anyone else's session answers NOT_FOUND.
 */
export function getCheckoutSession(
  sessionId: string,
  signal?: AbortSignal,
): Promise<CheckoutSession> {
  return apiRequest<CheckoutSession>(`/api/membership/checkout/${encodeURIComponent(sessionId)}`, {
    signal,
  });
}

export const checkoutSessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: [...membershipKeys.all, 'checkout', sessionId] as const,
    queryFn: ({ signal }) => getCheckoutSession(sessionId, signal),
    // Only the server's own failures are worth asking again; a refusal stays a refusal.
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  });

export interface UseCheckoutSessionOptions {
  enabled?: boolean;
  /** Poll every n ms while the function says so (the payment success page). */
  refetchInterval?: (session: CheckoutSession | undefined) => number | false;
}

export function useCheckoutSession(sessionId: string, options: UseCheckoutSessionOptions = {}) {
  return useQuery({
    ...checkoutSessionQueryOptions(sessionId),
    enabled: options.enabled ?? true,
    refetchInterval: (query) => options.refetchInterval?.(query.state.data) ?? false,
  });
}
