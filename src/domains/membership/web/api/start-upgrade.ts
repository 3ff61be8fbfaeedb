import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { UpgradeResponse } from '../../membership.schema';

/**
 * POST /api/membership/upgrade: opens a checkout. Go to `checkoutUrl` next (the in-app
 * checkout, or Stripe's hosted page); premium starts only once the payment succeeds.
 */
export function startUpgrade(): Promise<UpgradeResponse> {
  return apiRequest<UpgradeResponse>('/api/membership/upgrade', { method: 'POST' });
}

export function useStartUpgrade() {
  return useMutation({ mutationFn: startUpgrade });
}
