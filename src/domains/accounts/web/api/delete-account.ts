import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { MessageResponse } from '../../accounts.schema';
import { forgetSignedIn } from '../lib/signed-in-memory';

/**
 * Permanently deletes the signed-in account and everything it owns. The page then reloads
 * the app at /, which drops the cached user (see DeleteAccountSection).
 */
export async function deleteAccount(): Promise<MessageResponse> {
  const answer = await apiRequest<MessageResponse>('/api/auth/account', { method: 'DELETE' });
  // The account is gone, not a session that ended: nothing to tell a later visit.
  forgetSignedIn();
  return answer;
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
