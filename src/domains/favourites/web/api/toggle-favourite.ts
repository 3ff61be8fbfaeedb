import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { ListingCard } from '@/domains/listings/listings.schema';
import type { FavouriteStatus } from '../../favourites.schema';
import { favouritesKeys } from './get-favourites';

/** POST /api/favorites/{id} adds, DELETE removes; both answer the new status. */
export function setFavourite(listingId: number, isFavorited: boolean): Promise<FavouriteStatus> {
  return apiRequest<FavouriteStatus>(`/api/favorites/${listingId}`, {
    method: isFavorited ? 'POST' : 'DELETE',
  });
}

export interface ToggleFavouriteInput {
  listing: ListingCard;
  /** The state the user asked for. */
  isFavorited: boolean;
}

/**
 * Toggles a favourite optimistically (the spec): the cached list changes at once, goes
 * back to what it was on failure, and is refreshed from the server afterwards.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listing, isFavorited }: ToggleFavouriteInput) =>
      setFavourite(listing.id, isFavorited),
    onMutate: async ({ listing, isFavorited }) => {
      await queryClient.cancelQueries({ queryKey: favouritesKeys.list() });
      const previous = queryClient.getQueryData<ListingCard[]>(favouritesKeys.list());
      if (previous) {
        const others = previous.filter((favourite) => favourite.id !== listing.id);
        queryClient.setQueryData<ListingCard[]>(
          favouritesKeys.list(),
          isFavorited ? [listing, ...others] : others,
        );
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(favouritesKeys.list(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouritesKeys.all }),
  });
}
