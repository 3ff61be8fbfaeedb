import type { Executor } from '@/server/db/client';
import type { CatalogueFilters } from './catalogue-query';
import { catalogueIndexKeeperOf } from './maintain-catalogue-index';

/**
 * The ids of every listing a catalogue filter set matches, newest first, answered by this
 * instance's catalogue index (decision 018) in a few milliseconds, for a room that ranks them
 * its own way (search by meaning ranks them by their vectors). Null when the index is not
 * ready (being built, or its change feed lost) or more than `max` listings match: the caller
 * then filters in SQL.
 */
export async function findMatchingListingIds(
  db: Executor,
  filters: CatalogueFilters,
  max: number,
): Promise<number[] | null> {
  const index = await catalogueIndexKeeperOf(db)?.current();
  if (!index) return null;
  const match = index.match(filters);
  if (match.total > max) return null;
  return index.idsInOrder(match, 'newest', 0, match.total);
}
