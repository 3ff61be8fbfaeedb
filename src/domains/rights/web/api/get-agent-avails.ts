import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/web/lib/api-client';
import type { AgentAvails } from './avails-types';
import { rightsKeys } from './rights-keys';

/** The most listings one answer may carry: the panel pages and searches within them. */
const AGENT_AVAILS_LIMIT = 500;

/**
 * GET /api/agent/avails: every listing of the signed-in agent with its grid and who holds
 * which part, listings with a deal or an open offer first. A 404 (a server without the route)
 * answers null: the dashboard then shows no rights section rather than an error.
 */
export async function getAgentAvails(signal?: AbortSignal): Promise<AgentAvails | null> {
  try {
    return await apiRequest<AgentAvails>(`/api/agent/avails?limit=${AGENT_AVAILS_LIMIT}`, {
      signal,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const agentAvailsQueryOptions = () =>
  queryOptions({
    queryKey: rightsKeys.agent,
    queryFn: ({ signal }) => getAgentAvails(signal),
    retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
  });

export function useAgentAvails(options: { enabled?: boolean } = {}) {
  return useQuery({ ...agentAvailsQueryOptions(), enabled: options.enabled ?? true });
}
