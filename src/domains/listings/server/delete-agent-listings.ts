import { and, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { invalidateCatalogueCaches } from './catalogue-cache';
import { listings } from './listings.tables';
import type { DeletedListingImages } from './remove-listing-images';

/**
 * The agent's account is being deleted (part 2 section 6: their listings go with it). Deletes
 * their listings except `keep` (listings that carry a financial record, an accepted offer:
 * they stay, withdrawn). Favourites, views and closed offers on them go by foreign key.
 * Answers their images, for `removeListingImages` once the deletion has committed.
 */
export async function deleteAgentListings(
  db: Executor,
  agentId: number,
  keep: readonly number[],
): Promise<DeletedListingImages[]> {
  const deleted = await db
    .delete(listings)
    .where(
      and(
        eq(listings.agentId, agentId),
        keep.length > 0 ? notInArray(listings.id, [...keep]) : undefined,
      ),
    )
    .returning({
      id: listings.id,
      coverImageUrl: listings.coverImageUrl,
      galleryImages: listings.galleryImages,
    });
  if (deleted.length > 0) invalidateCatalogueCaches(deleted.map((row) => row.id));
  return deleted;
}
