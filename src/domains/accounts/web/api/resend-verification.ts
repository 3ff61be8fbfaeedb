import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { MessageResponse, ResendVerification } from '../../accounts.schema';

/** Answers the same whether or not the address has an account. */
export function resendVerification(body: ResendVerification): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/resend-verification', { method: 'POST', body });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
