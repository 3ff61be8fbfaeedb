import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/web/lib/api-client';
import type { ListingAvails } from './avails-types';
import { rightsKeys } from './rights-keys';

/**
 * GET /api/listings/{id}/avails: the listing's grid of media × territories. A 404 (a server
 * without the route, or a listing this viewer may not see) answers null: the screens then
 * show no grid rather than an error.
 */
export async function getListingAvails(
  listingId: number,
  signal?: AbortSignal,
): Promise<ListingAvails | null> {
  try {
    return await apiRequest<ListingAvails>(`/api/listings/${listingId}/avails`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const listingAvailsQueryOptions = (listingId: number) =>
  queryOptions({
    queryKey: rightsKeys.listing(listingId),
    queryFn: ({ signal }) => getListingAvails(listingId, signal),
    // A refusal will not change by asking again; a network failure might.
    retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
  });

export function useListingAvails(listingId: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...listingAvailsQueryOptions(listingId ?? 0),
    enabled: (options.enabled ?? true) && listingId !== null,
  });
}
