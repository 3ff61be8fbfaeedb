import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { listings } from '@/domains/listings/server/listings.tables';
import { ENGINE_VERSION } from '../analysis.constants';
import { listingAnalyses } from './analysis.tables';

/**
 * Listings looked at per statement. A bounded window walked by id (the primary key) keeps each
 * statement's cost the same at 1,200 or 100,000 listings; the previous anti-join over the
 * whole catalogue ran once a slice and grew with it.
 */
export const STALE_SCAN_WINDOW = 500;

export interface StaleWindow {
  /** Listings in the window never analysed, analysed by another engine, or edited since. */
  staleIds: number[];
  /** The last id looked at: the next window starts after it. */
  lastId: number;
  /** Fewer than a full window: the catalogue ends here. */
  atEnd: boolean;
}

/**
 * The next window of listings after `afterId` (in id order), with the ones whose analysis
 * is missing, from an older engine version or older than the listing's last edit.
 */
export async function findStaleListings(
  db: Executor,
  afterId: number,
  window = STALE_SCAN_WINDOW,
): Promise<StaleWindow> {
  const { rows } = await db.execute<{ id: number; stale: boolean }>(sql`
    select l.id,
      (a.listing_id is null
        or a.engine_version <> ${ENGINE_VERSION}
        or l.updated_at > a.computed_at) as stale
    from (
      select id, updated_at from ${listings} where id > ${afterId} order by id limit ${window}
    ) l
    left join ${listingAnalyses} a on a.listing_id = l.id
    order by l.id
  `);
  return {
    staleIds: rows.filter((row) => row.stale).map((row) => Number(row.id)),
    lastId: rows.length > 0 ? Number(rows[rows.length - 1].id) : afterId,
    atEnd: rows.length < window,
  };
}
