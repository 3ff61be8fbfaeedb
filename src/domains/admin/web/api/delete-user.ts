import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { DeleteUserResponse } from '../../admin.schema';
import { adminKeys } from './admin-keys';

/** DELETE /api/admin/users/{userId}: the same deletion as the person's own. */
export function deleteUser(userId: number): Promise<DeleteUserResponse> {
  return apiRequest<DeleteUserResponse>(`/api/admin/users/${userId}`, { method: 'DELETE' });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
