import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { VerifyAgentBody, VerifyAgentResponse } from '../../admin.schema';
import { adminKeys } from './admin-keys';

export interface VerifyAgentVariables {
  agentId: number;
  body: VerifyAgentBody;
}

/** POST /api/admin/verify-agent/{agentId}: approve or reject an application. */
export function verifyAgent({ agentId, body }: VerifyAgentVariables): Promise<VerifyAgentResponse> {
  return apiRequest<VerifyAgentResponse>(`/api/admin/verify-agent/${agentId}`, {
    method: 'POST',
    body,
  });
}

export function useVerifyAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
