import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { setViabilityScores } from '@/domains/listings/server';
import { ENGINE_VERSION } from '../analysis.constants';
import type { Analysis } from '../analysis.schema';
import { listingAnalyses } from './analysis.tables';
import { analyseListing, computeInputHash } from './engine/analyse-listing';
import { loadMarketData } from './market/market-data';
import {
  loadEngineInputs,
  type GenreActivity,
  type ListingForAnalysis,
} from './load-engine-inputs';

export interface RefreshedAnalysis {
  listing: ListingForAnalysis;
  analysis: Analysis;
  /** False when the stored analysis was still current and nothing was computed. */
  recomputed: boolean;
}

/** Yields to the event loop so a long batch never holds it for more than a slice. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Brings the stored analyses of the named listings up to date: each listing's inputs are read
 * and hashed; an analysis whose engine version and input hash still match is reused, any
 * other (or every one, with `force`) is computed again and stored. The catalogue's viability
 * scores follow through the listings front door. A listing the engine fails on is stored as
 * failed with the error, and the others go on.
 */
export async function refreshAnalyses(
  db: Executor,
  listingIds: readonly number[],
  options: {
    now: Date;
    force?: boolean;
    chunkSize?: number;
    /** The platform's activity per genre, when the caller read it once for many slices. */
    genreActivity?: Map<string, GenreActivity>;
  },
): Promise<{ results: Map<number, RefreshedAnalysis>; failed: number }> {
  const market = loadMarketData();
  const [loaded, stored] = await Promise.all([
    loadEngineInputs(db, listingIds, { now: options.now, genreActivity: options.genreActivity }),
    listingIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            listingId: listingAnalyses.listingId,
            engineVersion: listingAnalyses.engineVersion,
            inputHash: listingAnalyses.inputHash,
            status: listingAnalyses.status,
            result: listingAnalyses.result,
          })
          .from(listingAnalyses)
          .where(inArray(listingAnalyses.listingId, [...listingIds])),
  ]);
  const storedById = new Map(stored.map((row) => [row.listingId, row]));
  const results = new Map<number, RefreshedAnalysis>();
  const toStore: Array<typeof listingAnalyses.$inferInsert> = [];
  const scores: Array<{ listingId: number; score: number | null }> = [];
  let failed = 0;
  const chunkSize = options.chunkSize ?? 10;
  let inChunk = 0;
  for (const [id, listing] of loaded) {
    const inputHash = computeInputHash(listing.inputs, market);
    const previous = storedById.get(id);
    if (
      !options.force &&
      previous &&
      previous.status === 'ok' &&
      previous.engineVersion === ENGINE_VERSION &&
      previous.inputHash === inputHash
    ) {
      results.set(id, {
        listing,
        analysis: previous.result as unknown as Analysis,
        recomputed: false,
      });
      continue;
    }
    try {
      const analysis: Analysis = {
        ...analyseListing(listing.inputs, market),
        inputHash,
        computedAt: options.now.toISOString(),
      };
      const score =
        typeof analysis.viabilityScore.value === 'number' ? analysis.viabilityScore.value : null;
      toStore.push({
        listingId: id,
        engineVersion: ENGINE_VERSION,
        inputHash,
        commercialScore: score,
        status: 'ok',
        error: null,
        result: analysis as unknown as Record<string, unknown>,
        computedAt: options.now,
      });
      // Too little data clears the catalogue's score rather than leaving an older number.
      scores.push({ listingId: id, score });
      results.set(id, { listing, analysis, recomputed: true });
    } catch (error) {
      failed += 1;
      toStore.push({
        listingId: id,
        engineVersion: ENGINE_VERSION,
        inputHash,
        commercialScore: null,
        status: 'failed',
        error: error instanceof Error ? error.message.slice(0, 500) : 'engine failed',
        result: {},
        computedAt: options.now,
      });
    }
    inChunk += 1;
    if (inChunk >= chunkSize) {
      inChunk = 0;
      await yieldToEventLoop();
    }
  }
  if (toStore.length > 0) {
    await db
      .insert(listingAnalyses)
      .values(toStore)
      .onConflictDoUpdate({
        target: listingAnalyses.listingId,
        set: {
          engineVersion: sql`excluded.engine_version`,
          inputHash: sql`excluded.input_hash`,
          commercialScore: sql`excluded.commercial_score`,
          status: sql`excluded.status`,
          error: sql`excluded.error`,
          result: sql`excluded.result`,
          computedAt: sql`excluded.computed_at`,
        },
      });
  }
  await setViabilityScores(db, scores);
  return { results, failed };
}
