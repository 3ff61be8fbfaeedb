import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import {
  listingCardColumns,
  requireVisibleListing,
  toListingCard,
  type ListingViewer,
} from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { SIMILAR_LIMIT } from '../recommendations.constants';
import type { SimilarListingsResponse } from '../recommendations.schema';
import { findEmbeddings, findNearestListings, type VectorCapability } from './vector-store';

/**
 * GET /api/listings/{id}/similar: the six available listings nearest in meaning. A listing
 * not embedded yet (just saved; the job embeds it within seconds) has none to show.
 */
export async function findSimilarListings(
  deps: { db: Database; capability?: VectorCapability },
  listingId: number,
  viewer: ListingViewer,
): Promise<SimilarListingsResponse> {
  const { db } = deps;
  // Its own agent reads a draft's neighbours; anyone else meets a 404 as for a missing one.
  await requireVisibleListing(db, viewer, listingId);
  const vector = (await findEmbeddings(db, [listingId])).get(listingId);
  if (!vector) return { items: [] };
  const neighbours = await findNearestListings(db, {
    vector,
    where: and(eq(listings.status, 'available'), ne(listings.id, listingId)),
    limit: SIMILAR_LIMIT,
    capability: deps.capability,
  });
  if (neighbours.length === 0) return { items: [] };
  const rows = await db
    .select(listingCardColumns)
    .from(listings)
    .where(
      inArray(
        listings.id,
        neighbours.map((n) => n.listingId),
      ),
    );
  const cards = new Map(rows.map((row) => [row.id, row]));
  return {
    items: neighbours.flatMap((neighbour) => {
      const row = cards.get(neighbour.listingId);
      if (!row) return [];
      const similarity = Math.max(0, Math.min(100, Math.round(neighbour.similarity * 100)));
      return [{ listing: toListingCard(row), similarity }];
    }),
  };
}
