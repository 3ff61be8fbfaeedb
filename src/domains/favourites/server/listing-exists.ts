import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { notFound } from '@/shared/errors';
import { LISTING_NOT_FOUND } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';

/** Guard: the listing exists, or 404 'Listing not found'. */
export async function requireListing(db: Executor, listingId: number): Promise<void> {
  const [row] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.id, listingId))
    .limit(1);
  if (!row) throw notFound(LISTING_NOT_FOUND);
}
