import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { FEATURED_LIMIT } from '../listings.constants';
import type { ListingCard } from '../listings.schema';
import { listingOnMarket } from './listing-visibility';
import { listings } from './listings.tables';
import { listingCardColumns, toListingCard } from './to-listing-response';

/** Up to six featured listings for the home page: available ones first, newest first. */
export async function findFeaturedListings(db: Executor): Promise<ListingCard[]> {
  const rows = await db
    .select(listingCardColumns)
    .from(listings)
    .where(and(eq(listings.isFeatured, true), listingOnMarket()))
    .orderBy(
      sql`(${listings.status} = 'available') desc`,
      desc(listings.createdAt),
      desc(listings.id),
    )
    .limit(FEATURED_LIMIT);
  return rows.map(toListingCard);
}
