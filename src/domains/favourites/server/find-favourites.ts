import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { ListingCard } from '@/domains/listings/listings.schema';
import { listings } from '@/domains/listings/server/listings.tables';
import { listingCardColumns, listingVisibleTo, toListingCard } from '@/domains/listings/server';
import { favourites } from './favourites.tables';

/**
 * The user's favourite listings as cards, the most recently favourited first: only those the
 * user may see now (a favourite of a listing since taken off the market is left out).
 */
export async function findFavourites(
  db: Executor,
  user: Pick<UserRow, 'id' | 'role'>,
): Promise<ListingCard[]> {
  const rows = await db
    .select(listingCardColumns)
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .where(and(eq(favourites.userId, user.id), listingVisibleTo(user)))
    .orderBy(desc(favourites.createdAt), desc(favourites.listingId));
  return rows.map(toListingCard);
}
