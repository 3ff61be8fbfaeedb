import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { invalidateCatalogueCaches } from './catalogue-cache';
import { listings } from './listings.tables';

export type ListingImageKind = 'cover' | 'gallery';

/**
 * A stored listing image (see storeListingImage) becomes the listing's cover, or is appended
 * to its gallery. Written in the caller's transaction (the admin's bulk upload audits each
 * change with it). Answers false when the listing no longer exists, and what to run once the
 * transaction has committed: this instance's catalogue caches forget the old cover.
 */
export async function setListingImage(
  tx: Executor,
  listingId: number,
  kind: ListingImageKind,
  imageUrl: string,
): Promise<{ isUpdated: boolean; afterCommit: () => void }> {
  const rows = await tx
    .update(listings)
    .set(
      kind === 'cover'
        ? { coverImageUrl: imageUrl, updatedAt: new Date() }
        : {
            galleryImages: sql`array_append(${listings.galleryImages}, ${imageUrl}::text)`,
            updatedAt: new Date(),
          },
    )
    .where(eq(listings.id, listingId))
    .returning({ id: listings.id });
  return {
    isUpdated: rows.length > 0,
    afterCommit: () => invalidateCatalogueCaches([listingId]),
  };
}
