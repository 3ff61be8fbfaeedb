import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/web/lib/api-client';
import type { ListingDetail } from '../../listings.schema';
import { listingsKeys } from './list-listings';

export const listingKeys = {
  detail: (id: number) => [...listingsKeys.all, 'detail', id] as const,
};

/** Answers that retrying cannot change: signed out, over the view limit, missing. */
const FINAL_STATUSES = new Set([401, 403, 404]);
const MAX_RETRIES = 3;

/** GET /api/listings/{id}: 401 signed out, 403 over the monthly view limit, 404 missing. */
export function getListing(id: number, signal?: AbortSignal): Promise<ListingDetail> {
  return apiRequest<ListingDetail>(`/api/listings/${id}`, { signal });
}

export const listingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: listingKeys.detail(id),
    queryFn: ({ signal }) => getListing(id, signal),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && FINAL_STATUSES.has(error.status)) &&
      failureCount < MAX_RETRIES,
  });

export function useListing(id: number | null, options: { enabled: boolean }) {
  return useQuery({
    ...listingQueryOptions(id ?? 0),
    enabled: options.enabled && id !== null,
  });
}
