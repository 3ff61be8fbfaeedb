import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { filterCondition, toCatalogueFilters } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { notify } from '@/domains/notifications/server';
import { paths } from '@/shared/paths';
import type { SavedSearchQuery } from '../saved-searches.schema';
import { savedSearches, savedSearchMatches, savedSearchQueue } from './saved-searches.tables';

/**
 * Queues the listings published (or edited while public) since `since`. Queueing twice is
 * harmless (one row per listing), and matching is idempotent, so several instances may run it.
 */
export async function enqueuePublishedListings(db: Database, since: Date): Promise<number> {
  const result = await db.execute(sql`
    insert into ${savedSearchQueue} (listing_id)
    select ${listings.id} from ${listings}
    where ${listings.status} = 'available' and ${listings.updatedAt} > ${since}
    on conflict do nothing`);
  return Number(result.rowCount ?? 0);
}

/**
 * Matches a batch of queued listings against every saved search (in SQL, with the
 * catalogue's own filters) and records each new match; each new match notifies its owner at
 * once (the bell). Emails go out in digests (send-saved-search-digests.ts).
 */
export async function matchQueuedListings(db: Database, batchSize = 50): Promise<number> {
  let matched = 0;
  await db.transaction(async (tx) => {
    // Claimed rows are skipped by other instances and deleted when this batch commits.
    const claimed = await tx.execute<{ listing_id: number }>(sql`
      select listing_id from ${savedSearchQueue}
      order by queued_at limit ${batchSize} for update skip locked`);
    const ids = claimed.rows.map((row) => Number(row.listing_id));
    if (ids.length === 0) return;
    const searches = await tx
      .select()
      .from(savedSearches)
      .where(ne(savedSearches.frequency, 'off'));
    for (const search of searches) {
      const filters = toCatalogueFilters({
        ...(search.query as SavedSearchQuery),
        limit: 1,
        offset: 0,
      });
      const hits = await tx
        .select({ id: listings.id, title: listings.title })
        .from(listings)
        .where(and(filterCondition(filters), inArray(listings.id, ids)));
      if (hits.length === 0) continue;
      const inserted = await tx
        .insert(savedSearchMatches)
        .values(hits.map((hit) => ({ savedSearchId: search.id, listingId: hit.id })))
        .onConflictDoNothing()
        .returning({ listingId: savedSearchMatches.listingId });
      const fresh = new Set(inserted.map((row) => row.listingId));
      matched += fresh.size;
      await notify(
        tx,
        hits
          .filter((hit) => fresh.has(hit.id))
          .map((hit) => ({
            userId: search.userId,
            kind: 'saved_search_match',
            title: `New match for “${search.name}”`,
            body: hit.title,
            url: paths.listing(hit.id),
          })),
      );
    }
    await tx.delete(savedSearchQueue).where(inArray(savedSearchQueue.listingId, ids));
  });
  return matched;
}
