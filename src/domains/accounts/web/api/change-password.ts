import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ChangePassword, MessageResponse } from '../../accounts.schema';
import { currentUserQueryKey } from './get-current-user';

export function changePassword(body: ChangePassword): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/change-password', { method: 'PUT', body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // Other sessions are revoked; re-read the user so this tab follows what the server kept.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
