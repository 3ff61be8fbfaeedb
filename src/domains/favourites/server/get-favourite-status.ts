import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { FavouriteStatus } from '../favourites.schema';
import { favourites } from './favourites.tables';
import { requireListing } from './listing-exists';

export interface FavouriteOptions {
  userId: number;
  listingId: number;
}

/** Whether the user has favourited the listing (404 when there is no such listing). */
export async function getFavouriteStatus(
  db: Executor,
  { userId, listingId }: FavouriteOptions,
): Promise<FavouriteStatus> {
  await requireListing(db, listingId);
  const [row] = await db
    .select({ listingId: favourites.listingId })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.listingId, listingId)))
    .limit(1);
  return { isFavorited: Boolean(row) };
}
