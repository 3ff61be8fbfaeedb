import type { Executor } from '@/server/db/client';
import { listings, type ListingRow, type NewListingRow } from './listings.tables';

let fixtureCounter = 0;

/**
 * Inserts listings for tests and benchmarks: every required field filled in, anything given
 * overrides it. Money is in pence, as the table stores it.
 */
export async function insertListings(
  db: Executor,
  rows: Array<Partial<NewListingRow>>,
): Promise<ListingRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(listings)
    .values(
      rows.map((overrides) => {
        fixtureCounter += 1;
        return {
          title: `Fixture listing ${fixtureCounter}`,
          author: 'Test Author',
          description: 'A story used by the tests.',
          medium: 'book',
          status: 'available',
          ...overrides,
        };
      }),
    )
    .returning();
}

export async function insertListing(
  db: Executor,
  overrides: Partial<NewListingRow> = {},
): Promise<ListingRow> {
  const [row] = await insertListings(db, [overrides]);
  return row;
}
