import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
// A type-only import: the home page must not pull zod into its bundle.
import type { ListingCard } from '../../listings.schema';

/** GET /api/listings/featured: up to six featured listings as cards (public). */
export function getFeaturedListings(): Promise<ListingCard[]> {
  return apiRequest<ListingCard[]>('/api/listings/featured');
}

export const featuredListingsQueryOptions = () =>
  queryOptions({
    queryKey: ['listings', 'featured'] as const,
    queryFn: getFeaturedListings,
    // The spec caches featured titles for 5 minutes and retries three times, 1 s apart.
    staleTime: 5 * 60 * 1000,
    retry: 3,
    retryDelay: 1000,
  });

export function useFeaturedListings() {
  return useQuery(featuredListingsQueryOptions());
}
