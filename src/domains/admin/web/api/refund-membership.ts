import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefundMembershipResponse } from '@/domains/membership/membership.schema';
import { apiRequest } from '@/web/lib/api-client';
import { adminKeys } from './admin-keys';

/** POST /api/admin/users/{userId}/refund-membership: the 14-day guarantee, audited. */
export function refundMembership(userId: number): Promise<RefundMembershipResponse> {
  return apiRequest<RefundMembershipResponse>(`/api/admin/users/${userId}/refund-membership`, {
    method: 'POST',
  });
}

export function useRefundMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundMembership,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
