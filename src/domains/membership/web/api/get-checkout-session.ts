import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/web/lib/api-client';
import type { CheckoutSession } from '../../membership.schema';
import { membershipKeys } from './get-membership-status';

/** GET /api/membership/checkout/{sessionId}: the in-app checkout's state and client secret. */
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
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  });

export function useCheckoutSession(sessionId: string) {
  return useQuery(checkoutSessionQueryOptions(sessionId));
}
