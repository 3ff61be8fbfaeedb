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

/**
 * Analyses (and catalogue scores) written per statement. Each analysis is ~28 KB of JSON that
 * the embedded database parses and compresses on the main thread: 10 a statement cost up to
 * 15–20 ms on a quiet machine, on top of the occasional WAL-segment or file-growth spike.
 */
const WRITE_CHUNK = 2;

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
    /** Listings analysed between two yields to the event loop (one: ~0.2–2 ms each). */
    chunkSize?: number;
    /** The platform's activity per genre, when the caller read it once for many slices. */
    genreActivity?: Map<string, GenreActivity>;
  },
): Promise<{ results: Map<number, RefreshedAnalysis>; failed: number }> {
  const market = loadMarketData();
  const loaded = await loadEngineInputs(db, listingIds, {
    now: options.now,
    genreActivity: options.genreActivity,
  });
  // With `force` the stored analyses are overwritten unread: reading them back would
  // decompress and parse ~28 KB of JSON per listing for nothing.
  const stored =
    options.force || listingIds.length === 0
      ? []
      : await db
          .select({
            listingId: listingAnalyses.listingId,
            engineVersion: listingAnalyses.engineVersion,
            inputHash: listingAnalyses.inputHash,
            status: listingAnalyses.status,
            result: listingAnalyses.result,
          })
          .from(listingAnalyses)
          .where(inArray(listingAnalyses.listingId, [...listingIds]));
  // The reads and the first analysis in separate turns of the event loop.
  await yieldToEventLoop();
  const storedById = new Map(stored.map((row) => [row.listingId, row]));
  const results = new Map<number, RefreshedAnalysis>();
  const toStore: Array<typeof listingAnalyses.$inferInsert> = [];
  const scores: Array<{ listingId: number; score: number | null }> = [];
  let failed = 0;
  const chunkSize = options.chunkSize ?? 1;
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
  // One statement per few analyses, with a yield between: on the embedded database the
  // statement's jsonb parsing and compression runs on the main thread.
  for (let start = 0; start < toStore.length; start += WRITE_CHUNK) {
    await yieldToEventLoop();
    await db
      .insert(listingAnalyses)
      .values(toStore.slice(start, start + WRITE_CHUNK))
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
  // The catalogue rows carry eleven indexes (four GIN): a few listings per statement too.
  for (let start = 0; start < scores.length; start += WRITE_CHUNK) {
    await yieldToEventLoop();
    await setViabilityScores(db, scores.slice(start, start + WRITE_CHUNK));
  }
  return { results, failed };
}
