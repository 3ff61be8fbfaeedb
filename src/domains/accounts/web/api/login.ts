import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { CurrentUser, SignIn } from '../../accounts.schema';
import { currentUserQueryKey } from './get-current-user';

export function login(body: SignIn): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('/api/auth/login', { method: 'POST', body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
