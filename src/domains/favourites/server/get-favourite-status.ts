import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { requireVisibleListing } from '@/domains/listings/server';
import type { FavouriteStatus } from '../favourites.schema';
import { favourites } from './favourites.tables';

export interface FavouriteOptions {
  user: Pick<UserRow, 'id' | 'role'>;
  listingId: number;
}

/**
 * Whether the user has favourited the listing. 404 when there is no such listing or the user
 * may not see it (the listings room's rule): the same answer, so it tells nothing.
 */
export async function getFavouriteStatus(
  db: Executor,
  { user, listingId }: FavouriteOptions,
): Promise<FavouriteStatus> {
  await requireVisibleListing(db, user, listingId);
  const [row] = await db
    .select({ listingId: favourites.listingId })
    .from(favourites)
    .where(and(eq(favourites.userId, user.id), eq(favourites.listingId, listingId)))
    .limit(1);
  return { isFavorited: Boolean(row) };
}
