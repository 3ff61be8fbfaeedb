import { desc, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { ListingCard } from '@/domains/listings/listings.schema';
import { listings } from '@/domains/listings/server/listings.tables';
import { listingCardColumns, toListingCard } from '@/domains/listings/server';
import { favourites } from './favourites.tables';

/** The user's favourite listings as cards, the most recently favourited first. */
export async function findFavourites(db: Executor, userId: number): Promise<ListingCard[]> {
  const rows = await db
    .select(listingCardColumns)
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.listingId));
  return rows.map(toListingCard);
}
