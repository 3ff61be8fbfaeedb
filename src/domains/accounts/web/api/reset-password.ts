import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { MessageResponse, ResetPassword } from '../../accounts.schema';

export function resetPassword(body: ResetPassword): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
