import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { DealThread, ListingThreadResponse } from '../../inbox.schema';

export const inboxKeys = {
  all: ['inbox'] as const,
  inbox: () => [...inboxKeys.all, 'inbox'] as const,
  listing: (listingId: number) => [...inboxKeys.all, 'listing', listingId] as const,
};

/** GET /api/deals/threads: the inbox. */
export function useInbox() {
  return useQuery({
    queryKey: inboxKeys.inbox(),
    queryFn: () => apiRequest<DealThread[]>('/api/deals/threads'),
  });
}

/** GET /api/deals/listings/{id}/thread: the producer's conversation on a listing. */
export function useListingThread(listingId: number) {
  return useQuery({
    queryKey: inboxKeys.listing(listingId),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
