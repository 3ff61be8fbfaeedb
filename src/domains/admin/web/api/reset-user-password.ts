import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { AdminResetPasswordBody, AdminResetPasswordResponse } from '../../admin.schema';
import { adminKeys } from './admin-keys';

export interface ResetUserPasswordVariables {
  userId: number;
  body: AdminResetPasswordBody;
}

/** POST /api/admin/users/{userId}/reset-password. */
export function resetUserPassword({
  userId,
  body,
}: ResetUserPasswordVariables): Promise<AdminResetPasswordResponse> {
  return apiRequest<AdminResetPasswordResponse>(`/api/admin/users/${userId}/reset-password`, {
    method: 'POST',
    body,
  });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
