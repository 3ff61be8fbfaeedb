import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { CompleteProfile, CurrentUser } from '../../accounts.schema';
import { currentUserQueryKey } from './get-current-user';

export function completeProfile(body: CompleteProfile): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('/api/profile/complete', { method: 'PATCH', body });
}

export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
