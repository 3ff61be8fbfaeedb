import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { notFound, postgresErrorCode } from '@/shared/errors';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { recordListingView } from '@/domains/membership/server';
import type { ListingDetail } from '../listings.schema';
import { canSeeListing, LISTING_NOT_FOUND } from './listing-visibility';
import { listings } from './listings.tables';
import { preparedListingQueries } from './prepared-listing-queries';
import { toListingDetail } from './to-listing-response';

export { LISTING_NOT_FOUND };

export interface GetListingOptions {
  id: number;
  viewer: Pick<UserRow, 'id' | 'role' | 'membershipTier' | 'premiumExpiresAt'>;
  now: Date;
}

/**
 * One listing for its detail page. Opening it counts towards the viewer's monthly allowance
 * (membership domain), which may refuse it with 403; a missing listing costs nothing.
 */
export async function getListing(
  db: Database,
  { id, viewer, now }: GetListingOptions,
): Promise<ListingDetail> {
  const [row] = await preparedListingQueries(db).detailById.execute({ id });
  if (!row) throw notFound(LISTING_NOT_FOUND);
  // Before the view is counted: a listing the viewer may not see costs nothing either.
  if (!canSeeListing(viewer, row)) throw notFound(LISTING_NOT_FOUND);
  try {
    await recordListingView(db, { viewer, listingId: id, now });
  } catch (error) {
    // Deleted between the read and the count: it is gone for this viewer too.
    if (postgresErrorCode(error) === '23503') throw notFound(LISTING_NOT_FOUND);
    throw error;
  }
  const detail = toListingDetail(row);
  if (viewer.id !== row.agentId) return detail;
  // The form edits them, so the listing's own agent (nobody else) reads the private notes.
  const [notes] = await db
    .select({ agentNotes: listings.agentNotes })
    .from(listings)
    .where(eq(listings.id, id));
  return { ...detail, agentNotes: notes?.agentNotes ?? null };
}
