import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { FavouriteStatus } from '../favourites.schema';
import { favourites } from './favourites.tables';
import type { FavouriteOptions } from './get-favourite-status';
import { requireListing } from './listing-exists';

/** Removes a favourite; removing one that is not there changes nothing. */
export async function removeFavourite(
  db: Executor,
  { userId, listingId }: FavouriteOptions,
): Promise<FavouriteStatus> {
  await db.transaction(async (tx) => {
    await requireListing(tx, listingId);
    await tx
      .delete(favourites)
      .where(and(eq(favourites.userId, userId), eq(favourites.listingId, listingId)));
  });
  return { isFavorited: false };
}
