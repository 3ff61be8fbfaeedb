import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { RegisterBody, RegisterResponse } from '../../accounts.schema';

/** Creates an account; it does not sign in (the email must be verified first). */
export function register(body: RegisterBody): Promise<RegisterResponse> {
  return apiRequest<RegisterResponse>('/api/auth/register', { method: 'POST', body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
