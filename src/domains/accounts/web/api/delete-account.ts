import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { MessageResponse } from '../../accounts.schema';

/**
 * Permanently deletes the signed-in account and everything it owns. The page then reloads
 * the app at /, which drops the cached user (see DeleteAccountSection).
 */
export function deleteAccount(): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/auth/account', { method: 'DELETE' });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
