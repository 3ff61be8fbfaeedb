import type { BatchQuery, SearchQuery } from '../../analysis.schema';

/** Query keys of the analysis room: one factory, so mutations invalidate by it. */
export const analysisKeys = {
  all: ['commercial-analysis'] as const,
  listing: (listingId: number) => ['commercial-analysis', 'listing', listingId] as const,
  batch: (query: Partial<BatchQuery>) => ['commercial-analysis', 'batch', query] as const,
  search: (query: Partial<SearchQuery>) => ['commercial-analysis', 'search', query] as const,
  status: () => ['commercial-analysis', 'status'] as const,
};
