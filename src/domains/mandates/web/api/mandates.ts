import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { AgentMatches, Mandate, MandateBody, Pitch } from '../../mandates.schema';

const keys = {
  all: ['mandates'] as const,
  list: (search: string) => ['mandates', 'list', search] as const,
  one: (id: number) => ['mandates', 'one', id] as const,
  listings: (id: number) => ['mandates', 'listings', id] as const,
  pitches: (id: number) => ['mandates', 'pitches', id] as const,
  matches: ['mandates', 'matches'] as const,
};

export function useMandates(search: string) {
  return useQuery({
    queryKey: keys.list(search),
    queryFn: () =>
      apiRequest<{ mandates: Mandate[] }>(
        `/api/mandates${search ? `?search=${encodeURIComponent(search)}` : ''}`,
      ),
  });
}

export function useMyMandates(enabled: boolean) {
  return useQuery({
    queryKey: [...keys.all, 'mine'],
    queryFn: () => apiRequest<{ mandates: Mandate[] }>('/api/mandates/mine'),
    enabled,
  });
}

export function useMandate(id: number) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: () => apiRequest<Mandate>(`/api/mandates/${id}`),
  });
}

export function useMandateListings(id: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.listings(id),
    queryFn: () =>
      apiRequest<{
        listings: { listingId: number; title: string; author: string; reason: string }[];
      }>(`/api/mandates/${id}/listings`),
    enabled,
  });
}

export function useMandatePitches(id: number, enabled: boolean) {
  return useQuery({
    queryKey: keys.pitches(id),
    queryFn: () => apiRequest<{ pitches: Pitch[] }>(`/api/mandates/${id}/pitches`),
    enabled,
  });
}

export function useAgentMatches() {
  return useQuery({
    queryKey: keys.matches,
    queryFn: () => apiRequest<AgentMatches>('/api/mandates/matches'),
  });
}

/** Every mandates query is refreshed after a change (they are few and small). */
function useMandateMutation<TBody, TResult>(fn: (body: TBody) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export const useCreateMandate = () =>
  useMandateMutation((body: MandateBody) =>
    apiRequest<Mandate>('/api/mandates', { method: 'POST', body }),
  );

export const useCloseMandate = () =>
  useMandateMutation((id: number) =>
    apiRequest<Mandate>(`/api/mandates/${id}/close`, { method: 'POST' }),
  );

export const usePitch = () =>
  useMandateMutation(
    ({ mandateId, ...body }: { mandateId: number; listingId: number; message: string }) =>
      apiRequest<Pitch>(`/api/mandates/${mandateId}/pitches`, { method: 'POST', body }),
  );

export const useAnswerPitch = () =>
  useMandateMutation(({ id, message }: { id: number; message: string }) =>
    apiRequest<Pitch>(`/api/mandates/pitches/${id}/answer`, { method: 'POST', body: { message } }),
  );

export const useDeclinePitch = () =>
  useMandateMutation((id: number) =>
    apiRequest<Pitch>(`/api/mandates/pitches/${id}/decline`, { method: 'POST' }),
  );

export const useMuteAgent = () =>
  useMandateMutation((agentId: number) =>
    apiRequest<{ muted: boolean }>(`/api/mandates/mutes/${agentId}`, {
      method: 'PUT',
      body: { muted: true },
    }),
  );
