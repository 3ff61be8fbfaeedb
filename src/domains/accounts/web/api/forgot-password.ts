import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ForgotPassword, MessageResponse } from '../../accounts.schema';

/** Answers the same whether or not the address has an account. */
export function forgotPassword(body: ForgotPassword): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/forgot-password', { method: 'POST', body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
