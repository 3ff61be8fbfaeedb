import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { EditAccount, EditAccountResponse } from '../../accounts.schema';
import { currentUserQueryKey } from './get-current-user';

/** A changed email waits in `pendingEmail` until the link sent to it is opened. */
export function updateAccount(body: EditAccount): Promise<EditAccountResponse> {
  return apiRequest<EditAccountResponse>('/api/auth/profile', { method: 'PUT', body });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (answer) => {
      queryClient.setQueryData(currentUserQueryKey, answer.user);
    },
  });
}
