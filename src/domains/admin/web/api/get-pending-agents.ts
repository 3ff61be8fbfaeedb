import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { PendingAgentsResponse } from '../../admin.schema';
import { adminKeys } from './admin-keys';

/** GET /api/admin/pending-agents: agent applications waiting for review, oldest first. */
export function getPendingAgents(): Promise<PendingAgentsResponse> {
  return apiRequest<PendingAgentsResponse>('/api/admin/pending-agents');
}

export const pendingAgentsQuery = () =>
  queryOptions({ queryKey: adminKeys.pendingAgents(), queryFn: getPendingAgents });

export function usePendingAgents() {
  return useQuery(pendingAgentsQuery());
}
