import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '@/domains/accounts/web';
import { apiRequest } from '@/web/lib/api-client';
import type { AutoRenewBody, AutoRenewResponse } from '../../membership.schema';
import { membershipKeys } from './get-membership-status';

/** PATCH /api/membership/auto-renew: premium stays until it expires either way. */
export function setAutoRenew(body: AutoRenewBody): Promise<AutoRenewResponse> {
  return apiRequest<AutoRenewResponse>('/api/membership/auto-renew', { method: 'PATCH', body });
}

export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoRenew,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: membershipKeys.all }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]);
    },
  });
}
