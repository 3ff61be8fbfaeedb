import type { Executor } from '@/server/db/client';
import { notFound, postgresErrorCode } from '@/shared/errors';
import { LISTING_NOT_FOUND } from '@/domains/listings/server';
import type { FavouriteStatus } from '../favourites.schema';
import { favourites } from './favourites.tables';
import type { FavouriteOptions } from './get-favourite-status';
import { requireListing } from './listing-exists';

/** Favourites a listing; favouriting it again changes nothing. */
export async function addFavourite(
  db: Executor,
  { userId, listingId }: FavouriteOptions,
): Promise<FavouriteStatus> {
  try {
    await db.transaction(async (tx) => {
      await requireListing(tx, listingId);
      await tx.insert(favourites).values({ userId, listingId }).onConflictDoNothing();
    });
  } catch (error) {
    // The listing was deleted between the check and the insert.
    if (postgresErrorCode(error) === '23503') throw notFound(LISTING_NOT_FOUND);
    throw error;
  }
  return { isFavorited: true };
}
