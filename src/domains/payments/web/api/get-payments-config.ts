import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { PaymentsConfig } from '../../payments.schema';

/** GET /api/payments/config: which card form to show, and Stripe's publishable key. */
export function getPaymentsConfig(signal?: AbortSignal): Promise<PaymentsConfig> {
  return apiRequest<PaymentsConfig>('/api/payments/config', { signal });
}

export const paymentsConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'config'] as const,
    queryFn: ({ signal }) => getPaymentsConfig(signal),
  });

export function usePaymentsConfig() {
  return useQuery(paymentsConfigQueryOptions());
}
