import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { AdminUserActionResponse } from '../../admin.schema';
import { adminKeys } from './admin-keys';

export interface SetUserSuspensionVariables {
  userId: number;
  action: 'suspend' | 'activate';
}

/** POST /api/admin/users/{userId}/suspend or /activate. */
export function setUserSuspension({
  userId,
  action,
}: SetUserSuspensionVariables): Promise<AdminUserActionResponse> {
  return apiRequest<AdminUserActionResponse>(`/api/admin/users/${userId}/${action}`, {
    method: 'POST',
  });
}

export function useSetUserSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserSuspension,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
