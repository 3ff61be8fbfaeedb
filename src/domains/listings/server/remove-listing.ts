import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { WITHDRAWN_STATUS } from '../listings.constants';
import { invalidateCatalogueCaches } from './catalogue-cache';
import { listings } from './listings.tables';
import type { DeletedListingImages } from './remove-listing-images';

/** Who owns a listing and its status, locked for the caller's transaction; null when missing. */
export async function lockListing(
  tx: Executor,
  id: number,
): Promise<{ agentId: number | null; status: string } | null> {
  const [row] = await tx
    .select({ agentId: listings.agentId, status: listings.status })
    .from(listings)
    .where(eq(listings.id, id))
    .for('update');
  return row ?? null;
}

/**
 * Takes one listing off the market (kept: an accepted offer depends on it, or its open offers
 * are being released before it goes). Run in the transaction holding its lock; `afterCommit`
 * forgets it in this instance's catalogue.
 */
export async function withdrawListing(
  tx: Executor,
  id: number,
): Promise<{ afterCommit: () => void }> {
  await tx
    .update(listings)
    .set({ status: WITHDRAWN_STATUS, updatedAt: new Date() })
    .where(eq(listings.id, id));
  return { afterCommit: () => invalidateCatalogueCaches([id]) };
}

/**
 * Deletes one listing (favourites, views and closed offers on it go by foreign key). Answers
 * its images, for `removeListingImages` once the deletion has committed.
 */
export async function deleteListingRow(db: Executor, id: number): Promise<DeletedListingImages[]> {
  const deleted = await db
    .delete(listings)
    .where(eq(listings.id, id))
    .returning({ coverImageUrl: listings.coverImageUrl, galleryImages: listings.galleryImages });
  invalidateCatalogueCaches([id]);
  return deleted;
}
