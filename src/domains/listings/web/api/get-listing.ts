import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorCode } from '@/shared/errors';
import { ApiError, apiRequest } from '@/web/lib/api-client';
import type { ListingDetail } from '../../listings.schema';
import { listingsKeys } from './list-listings';

export const listingKeys = {
  detail: (id: number) => [...listingsKeys.all, 'detail', id] as const,
};

/** Answers that retrying cannot change: signed out, over the view limit, refused, missing. */
const FINAL_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'UNAUTHENTICATED',
  'LIMIT_REACHED',
  'FORBIDDEN',
  'NOT_FOUND',
]);
const MAX_RETRIES = 3;

/** GET /api/listings/{id}: UNAUTHENTICATED, LIMIT_REACHED (the monthly view limit), NOT_FOUND. */
export function getListing(id: number, signal?: AbortSignal): Promise<ListingDetail> {
  return apiRequest<ListingDetail>(`/api/listings/${id}`, { signal });
}

export const listingQueryOptions = (id: number) =>
  queryOptions({
    queryKey: listingKeys.detail(id),
    queryFn: ({ signal }) => getListing(id, signal),
    retry: (failureCount, error) =>
      !(error instanceof ApiError && error.code !== null && FINAL_CODES.has(error.code)) &&
      failureCount < MAX_RETRIES,
  });

export function useListing(id: number | null, options: { enabled: boolean }) {
  return useQuery({
    ...listingQueryOptions(id ?? 0),
    enabled: options.enabled && id !== null,
  });
}
