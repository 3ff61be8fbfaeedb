import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { BOOKS_SEARCH_MAX_RESULTS, ENRICHMENT_POLL_MS } from '../../enrichment.constants';
import type {
  ApplyEnrichmentBody,
  ApplyEnrichmentResponse,
  BatchEnrichResponse,
  Book,
  BookEnrichment,
  BookListingsResponse,
} from '../../enrichment.schema';
import { enrichmentKeys } from './enrichment-keys';

// The book dashboard's calls (spec part 2 §7, Enrichment), one fetcher and hook each.

/** GET /api/google-books/listings: listings of medium book with their enrichment state. */
export function getBookListings(search: string, page: number): Promise<BookListingsResponse> {
  const params = new URLSearchParams({ page: String(page) });
  if (search) params.set('search', search);
  return apiRequest<BookListingsResponse>(`/api/google-books/listings?${params}`);
}

export function useBookListings(search: string, page: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: enrichmentKeys.bookListings(search, page),
      queryFn: () => getBookListings(search, page),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

/** GET /api/google-books/search?q=&maxResults=5. */
export function searchGoogleBooks(q: string): Promise<{ books: Book[] }> {
  const params = new URLSearchParams({ q, maxResults: String(BOOKS_SEARCH_MAX_RESULTS) });
  return apiRequest<{ books: Book[] }>(`/api/google-books/search?${params}`);
}

export function useGoogleBooksSearch(q: string) {
  return useQuery(
    queryOptions({
      queryKey: enrichmentKeys.bookSearch(q),
      queryFn: () => searchGoogleBooks(q),
      enabled: q.length > 0,
      retry: false,
    }),
  );
}

/** GET /api/google-books/enrich/{listingId}[?volumeId=]: match, enriched data, suggestions. */
export function getBookEnrichment(listingId: number, volumeId?: string): Promise<BookEnrichment> {
  const query = volumeId ? `?${new URLSearchParams({ volumeId })}` : '';
  return apiRequest<BookEnrichment>(`/api/google-books/enrich/${listingId}${query}`);
}

export function useBookEnrichment(listingId: number, volumeId?: string) {
  return useQuery(
    queryOptions({
      queryKey: enrichmentKeys.bookEnrichment(listingId, volumeId),
      queryFn: () => getBookEnrichment(listingId, volumeId),
      retry: false,
    }),
  );
}

/** POST /api/google-books/apply-enrichment/{listingId}. */
export function applyBookEnrichment(
  listingId: number,
  body: Partial<ApplyEnrichmentBody>,
): Promise<ApplyEnrichmentResponse> {
  return apiRequest<ApplyEnrichmentResponse>(`/api/google-books/apply-enrichment/${listingId}`, {
    method: 'POST',
    body,
  });
}

export function useApplyBookEnrichment(listingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<ApplyEnrichmentBody>) => applyBookEnrichment(listingId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: enrichmentKeys.all }),
  });
}

/** POST /api/google-books/batch-enrich {listingIds, autoApply} → results[], summary. */
export function batchEnrichBooks(body: {
  listingIds: number[];
  autoApply: boolean;
}): Promise<BatchEnrichResponse> {
  return apiRequest<BatchEnrichResponse>('/api/google-books/batch-enrich', {
    method: 'POST',
    body,
  });
}

export function useBatchEnrichBooks() {
  return useMutation({ mutationFn: batchEnrichBooks });
}

/** GET /api/google-books/batch-enrich/{runId}: polled while the batch runs. */
export function getBookBatch(runId: number): Promise<BatchEnrichResponse> {
  return apiRequest<BatchEnrichResponse>(`/api/google-books/batch-enrich/${runId}`);
}

export function useBookBatch(runId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: enrichmentKeys.bookBatch(runId ?? 0),
      queryFn: () => getBookBatch(runId ?? 0),
      enabled: runId !== null,
      refetchInterval: (query) => {
        const status = query.state.data?.status;
        return status === 'done' || status === 'failed' ? false : ENRICHMENT_POLL_MS / 5;
      },
    }),
  );
}
