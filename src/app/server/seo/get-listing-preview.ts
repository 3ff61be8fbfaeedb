import { and, eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { listingOnMarket } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import type { ListingPreview } from './route-metadata';

/**
 * The few fields a listing page's metadata needs: one primary-key lookup; null when absent or
 * off the market. The head is what crawlers and link previews read, signed out, so it speaks
 * only of listings anyone may see (the listings room's rule); a draft's own agent still sees
 * the page, which the browser fills in from the API.
 */
export async function getListingPreview(
  db: Database,
  listingId: number,
): Promise<ListingPreview | null> {
  const [row] = await db
    .select({
      title: listings.title,
      author: listings.author,
      description: listings.description,
      coverImageUrl: listings.coverImageUrl,
    })
    .from(listings)
    .where(and(eq(listings.id, listingId), listingOnMarket()))
    .limit(1);
  return row ?? null;
}
