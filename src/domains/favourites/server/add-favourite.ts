import type { Executor } from '@/server/db/client';
import { notFound, postgresErrorCode } from '@/shared/errors';
import { LISTING_NOT_FOUND, requireVisibleListing } from '@/domains/listings/server';
import type { FavouriteStatus } from '../favourites.schema';
import { favourites } from './favourites.tables';
import type { FavouriteOptions } from './get-favourite-status';

/**
 * Favourites a listing the user may see; favouriting it again changes nothing. A listing off
 * the market answers 404 as a missing one does (no existence oracle).
 */
export async function addFavourite(
  db: Executor,
  { user, listingId }: FavouriteOptions,
): Promise<FavouriteStatus> {
  try {
    await db.transaction(async (tx) => {
      await requireVisibleListing(tx, user, listingId);
      await tx.insert(favourites).values({ userId: user.id, listingId }).onConflictDoNothing();
    });
  } catch (error) {
    // The listing was deleted between the check and the insert.
    if (postgresErrorCode(error) === '23503') throw notFound(LISTING_NOT_FOUND);
    throw error;
  }
  return { isFavorited: true };
}
