import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { invalidateCatalogueCaches } from './catalogue-cache';
import { listings } from './listings.tables';

/**
 * An offer on the listing was accepted: the listing is optioned. Written in the caller's
 * transaction (the acceptance commits with it). Answers what to run once that transaction
 * has committed: this instance's catalogue caches forget the listing as available. Run
 * before the commit, a concurrent catalogue read could cache the old status again.
 */
export async function markListingOptioned(tx: Executor, listingId: number): Promise<() => void> {
  await tx
    .update(listings)
    .set({ status: 'optioned', updatedAt: new Date() })
    .where(eq(listings.id, listingId));
  return () => invalidateCatalogueCaches([listingId]);
}
