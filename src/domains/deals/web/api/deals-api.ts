import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { DealThread, ListingThreadResponse } from '../../deals.schema';

export const dealsKeys = {
  all: ['deals'] as const,
  inbox: () => [...dealsKeys.all, 'inbox'] as const,
  listing: (listingId: number) => [...dealsKeys.all, 'listing', listingId] as const,
};

/** GET /api/deals/threads: the inbox. */
export function useInbox() {
  return useQuery({
    queryKey: dealsKeys.inbox(),
    queryFn: () => apiRequest<DealThread[]>('/api/deals/threads'),
  });
}

/** GET /api/deals/listings/{id}/thread: the producer's conversation on a listing. */
export function useListingThread(listingId: number) {
  return useQuery({
    queryKey: dealsKeys.listing(listingId),
    queryFn: () => apiRequest<ListingThreadResponse>(`/api/deals/listings/${listingId}/thread`),
  });
}

export function useAskQuestion(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      apiRequest<DealThread>(`/api/deals/listings/${listingId}/questions`, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealsKeys.all }),
  });
}

export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadId, body }: { threadId: number; body: string }) =>
      apiRequest<DealThread>(`/api/deals/threads/${threadId}/messages`, {
        method: 'POST',
        body: { body },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealsKeys.all }),
  });
}

export function useMute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ threadId, muted }: { threadId: number; muted: boolean }) =>
      apiRequest<DealThread>(`/api/deals/threads/${threadId}/mute`, {
        method: 'POST',
        body: { muted },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dealsKeys.all }),
  });
}
