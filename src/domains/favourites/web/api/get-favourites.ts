import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ListingCard } from '@/domains/listings/listings.schema';

export const favouritesKeys = {
  all: ['favourites'] as const,
  list: () => [...favouritesKeys.all, 'list'] as const,
};

/** GET /api/favorites: the signed-in user's favourite listings. */
export function getFavourites(): Promise<ListingCard[]> {
  return apiRequest<ListingCard[]>('/api/favorites');
}

export const favouritesQueryOptions = () =>
  queryOptions({ queryKey: favouritesKeys.list(), queryFn: getFavourites });

export function useFavourites(options: { enabled?: boolean } = {}) {
  return useQuery({ ...favouritesQueryOptions(), enabled: options.enabled ?? true });
}

/**
 * Which listings the user has favourited, from one request for the whole list rather than
 * one status request per card (a catalogue page shows 24 or more cards).
 */
export function useFavouriteIds(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...favouritesQueryOptions(),
    enabled: options.enabled ?? true,
    select: (favourites) => new Set(favourites.map((listing) => listing.id)),
  });
}
