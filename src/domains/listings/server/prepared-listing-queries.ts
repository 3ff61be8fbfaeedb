import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { listings } from './listings.tables';
import { listingCardColumns, listingDetailColumns } from './to-listing-response';
import { preparedPerDatabase } from '@/server/db/prepared-per-database';

function prepare(db: Database) {
  return {
    /** The cards of a page whose ids are known (order is restored by the caller). */
    cardsByIds: db
      .select(listingCardColumns)
      .from(listings)
      .where(sql`${listings.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('listings_cards_by_ids'),
    detailById: db
      .select(listingDetailColumns)
      .from(listings)
      .where(eq(listings.id, sql.placeholder('id')))
      .limit(1)
      .prepare('listings_detail_by_id'),
  };
}

/**
 * The catalogue's hottest reads as prepared statements: built once per database, planned
 * once per connection, instead of per request.
 */
export const preparedListingQueries = preparedPerDatabase(prepare);
