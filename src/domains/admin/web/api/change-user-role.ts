import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { AdminUserActionResponse, SetUserRoleBody } from '../../admin.schema';
import { adminKeys } from './admin-keys';

export interface ChangeUserRoleVariables {
  userId: number;
  body: SetUserRoleBody;
}

/** PUT /api/admin/users/{userId}/role. */
export function changeUserRole({
  userId,
  body,
}: ChangeUserRoleVariables): Promise<AdminUserActionResponse> {
  return apiRequest<AdminUserActionResponse>(`/api/admin/users/${userId}/role`, {
    method: 'PUT',
    body,
  });
}

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
