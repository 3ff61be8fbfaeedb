import { sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { invalidateCatalogueCaches } from './catalogue-cache';
import { listings } from './listings.tables';

/**
 * The analysis engine's viability scores (part 1 section 9) written to the catalogue's
 * `viability_score` column, which the Commercial Viability filter and sort read. Only rows
 * whose score changes are written, and `updated_at` is left alone: a score is not an edit of
 * the listing (and the analysis room reads `updated_at` to know when its inputs changed).
 */
export async function setViabilityScores(
  db: Executor,
  scores: ReadonlyArray<{ listingId: number; score: number | null }>,
): Promise<number> {
  if (scores.length === 0) return 0;
  const values = sql.join(
    scores.map(({ listingId, score }) => sql`(${listingId}::integer, ${score}::integer)`),
    sql`, `,
  );
  const changed = await db.execute<{ id: number }>(sql`
    update ${listings} set viability_score = v.score
    from (values ${values}) as v(listing_id, score)
    where ${listings.id} = v.listing_id and ${listings.viabilityScore} is distinct from v.score
    returning ${listings.id}
  `);
  const count = changed.rows.length;
  if (count > 0) invalidateCatalogueCaches(changed.rows.map((row) => Number(row.id)));
  return count;
}
