export type SocialSource = 'youtube' | 'twitter';

export const enrichmentKeys = {
  all: ['enrichment'] as const,
  services: () => [...enrichmentKeys.all, 'services'] as const,
  status: (source: SocialSource) => [...enrichmentKeys.all, 'status', source] as const,
  bookListings: (search: string, page: number) =>
    [...enrichmentKeys.all, 'book-listings', search, page] as const,
  bookSearch: (q: string) => [...enrichmentKeys.all, 'book-search', q] as const,
  bookEnrichment: (listingId: number, volumeId?: string) =>
    [...enrichmentKeys.all, 'book-enrichment', listingId, volumeId ?? null] as const,
  bookBatch: (runId: number) => [...enrichmentKeys.all, 'book-batch', runId] as const,
};
