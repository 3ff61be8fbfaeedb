import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { requireVisibleListing } from '@/domains/listings/server';
import type { FavouriteStatus } from '../favourites.schema';
import { favourites } from './favourites.tables';
import type { FavouriteOptions } from './get-favourite-status';

/**
 * Removes a favourite; removing one that is not there changes nothing. A listing the user may
 * no longer see answers 404 like a missing one; their favourite of it waits, unseen (GET
 * /api/favorites leaves it out), until the listing is back on the market.
 */
export async function removeFavourite(
  db: Executor,
  { user, listingId }: FavouriteOptions,
): Promise<FavouriteStatus> {
  await db.transaction(async (tx) => {
    await requireVisibleListing(tx, user, listingId);
    await tx
      .delete(favourites)
      .where(and(eq(favourites.userId, user.id), eq(favourites.listingId, listingId)));
  });
  return { isFavorited: false };
}
