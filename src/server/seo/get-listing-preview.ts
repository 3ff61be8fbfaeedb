import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { listings } from '@/domains/listings/server/listings.tables';
import type { ListingPreview } from './route-metadata';

/** The few fields a listing page's metadata needs: one primary-key lookup; null when absent. */
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
    .where(eq(listings.id, listingId))
    .limit(1);
  return row ?? null;
}
