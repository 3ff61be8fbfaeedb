import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Embedder } from './embedder';
import { listingEmbeddings } from './recommendations.tables';
import { vectorCapability } from './vector-store';
import { intArray } from '@/server/db/int-array';

/** Listings embedded per batch: about 8 ms each in the worker, one short write per batch. */
export const EMBED_BATCH_SIZE = 16;

export interface ListingText {
  title: string;
  logline: string | null;
  synopsis: string | null;
  description: string | null;
  themes: string[];
  genre: string | null;
  tags: string[];
}

/** What a listing means, in the words the model reads: title, logline, synopsis, themes, genre. */
export function listingEmbeddingText(listing: ListingText): string {
  const story = listing.synopsis ?? listing.description ?? '';
  return [
    listing.title,
    listing.logline ?? '',
    story.slice(0, 1200),
    listing.themes.length > 0 ? `Themes: ${listing.themes.join(', ')}.` : '',
    listing.genre ? `Genre: ${listing.genre}.` : '',
    listing.tags.length > 0 ? `Tags: ${listing.tags.slice(0, 8).join(', ')}.` : '',
  ]
    .filter((part) => part.trim().length > 0)
    .join(' ');
}

export function contentHash(model: string, text: string): string {
  return createHash('sha256').update(model).update('\n').update(text).digest('hex');
}

export interface EmbedListingsResult {
  embedded: number;
  unchanged: number;
  remaining: boolean;
}

/** Listing ids looked at per statement: a short statement, whatever the catalogue's size. */
export const EMBED_SCAN_WINDOW = 1_000;
/** Windows one batch looks through at most before it returns (and the job pauses). */
const WINDOWS_PER_BATCH = 20;
/**
 * Vectors written per statement: each insert also updates the HNSW graph, 8 a statement took
 * 50–90 ms that a request arriving meanwhile waited for; 3 take 20–35 ms (issue 33).
 */
const WRITE_CHUNK = 3;

/**
 * Where the sweep for listings to embed is, per database: it walks the catalogue by id
 * windows from the newest id down; a lap that reaches the first listing starts again at the
 * top. Kept in memory: after a restart the sweep starts a new lap.
 */
interface EmbedSweep {
  /** The next window ends below this id; null at the start of a lap. */
  below: number | null;
  /** The highest id when the lap began: listings added since are looked at first. */
  lapTop: number;
  /** Listings found to embed since the lap began. */
  foundThisLap: number;
  /** After a lap that found nothing, only new listings are looked for until then (ms). */
  restUntil: number;
}

/**
 * The pause after a lap that found nothing: a lap over 100,000 listings is 100 windows, and
 * the job runs every 5 s. New listings are still embedded at once; an edit to an existing
 * listing's words waits for the next lap, within about a minute.
 */
export const EMBED_LAP_PAUSE_MS = 60_000;
const sweeps = new WeakMap<object, EmbedSweep>();

interface PendingRow extends Record<string, unknown> {
  id: number;
  title: string;
  logline: string | null;
  synopsis: string | null;
  description: string | null;
  themes: string[];
  genre: string | null;
  tags: string[];
  content_hash: string | null;
}

/** Listings in `(above, below)` never embedded, embedded by another model, or edited since. */
function pendingIn(db: Database, model: string, above: number, below: number, limit: number) {
  return db.execute<PendingRow>(sql`
    select l.id, l.title, l.logline, l.synopsis, l.description, l.themes, l.genre, l.tags,
      e.content_hash
    from ${listings} l left join ${listingEmbeddings} e on e.listing_id = l.id
    where l.id > ${above} and l.id < ${below}
      and (e.listing_id is null or e.model <> ${model} or l.updated_at > e.updated_at)
    order by l.id desc
    limit ${limit}`);
}

/** The listing with this id exists and its embedding by `model` is as new as its text. */
async function isEmbedded(db: Database, model: string, id: number): Promise<boolean> {
  const found = await db.execute<{ id: number }>(sql`
    select l.id from ${listings} l join ${listingEmbeddings} e on e.listing_id = l.id
    where l.id = ${id} and e.model = ${model} and e.updated_at >= l.updated_at`);
  return found.rows.length > 0;
}

/**
 * The next listings to embed, at most `batchSize`: listings added since the lap began first,
 * then the lap's next windows of ids, newest first. Every statement reads at most
 * EMBED_SCAN_WINDOW ids through the primary key (the single query over the whole catalogue
 * this replaces held the embedded database 0.2–0.9 s at 100,000 listings). `lapDone` when the
 * lap reached the first listing.
 */
async function findPendingListings(
  db: Database,
  model: string,
  batchSize: number,
): Promise<{ rows: PendingRow[]; lapDone: boolean }> {
  let sweep = sweeps.get(db);
  const [{ top }] = (
    await db.execute<{ top: number | null }>(sql`select max(id)::int as top from ${listings}`)
  ).rows;
  const maxId = Number(top ?? 0);
  // Fewer ids than the lap began with (the newest were deleted), or the lap's first listing is
  // no longer embedded as it was (gone, edited, or the catalogue emptied and filled again with
  // the same ids, as the tests' shared databases are): what the sweep remembers is stale, so a
  // new lap starts. One primary-key lookup a batch.
  if (sweep && (maxId < sweep.lapTop || !(await isEmbedded(db, model, sweep.lapTop)))) {
    sweep = undefined;
  }
  const resting = sweep !== undefined && sweep.below === null && Date.now() < sweep.restUntil;
  if (!sweep || (sweep.below === null && !resting)) {
    sweep = { below: maxId + 1, lapTop: maxId, foundThisLap: 0, restUntil: 0 };
    sweeps.set(db, sweep);
  }
  const rows: PendingRow[] = [];
  if (maxId > sweep.lapTop) {
    // New since the lap began: a listing an agent just saved comes before the backlog.
    const fresh = await pendingIn(db, model, sweep.lapTop, maxId + 1, batchSize);
    rows.push(...fresh.rows);
    if (fresh.rows.length < batchSize) sweep.lapTop = maxId;
  }
  if (resting) return { rows, lapDone: rows.length < batchSize };
  for (let windows = 0; rows.length < batchSize && windows < WINDOWS_PER_BATCH; windows += 1) {
    const below: number = sweep.below ?? 0;
    if (below <= 1) {
      sweep.below = null;
      sweep.foundThisLap += rows.length;
      if (sweep.foundThisLap === 0) sweep.restUntil = Date.now() + EMBED_LAP_PAUSE_MS;
      return { rows, lapDone: true };
    }
    const above = Math.max(0, below - EMBED_SCAN_WINDOW - 1);
    const limit = batchSize - rows.length;
    const found = await pendingIn(db, model, above, below, limit);
    rows.push(...found.rows);
    // A full answer may have left more in the window: the next look starts below its last id.
    sweep.below = found.rows.length === limit ? Number(found.rows[limit - 1].id) : above + 1;
  }
  sweep.foundThisLap += rows.length;
  return { rows, lapDone: false };
}

/**
 * One batch of the background embedding: listings never embedded, embedded by another model,
 * or edited since (their text's hash is compared, so an edit that leaves the text alone costs
 * no embedding), found by the sweep above (new listings first). Saving a listing only changes
 * its row; this job (re)embeds it shortly after, never on the request thread. Running it on
 * several instances at once is safe (the upsert is idempotent).
 */
export async function embedListingsBatch(
  deps: { db: Database; embedder: Embedder },
  batchSize = EMBED_BATCH_SIZE,
): Promise<EmbedListingsResult> {
  const { db, embedder } = deps;
  await vectorCapability(db);
  // Taken before the read: an edit made while this batch runs is newer, so it is seen again.
  const now = new Date();
  const { rows, lapDone } = await findPendingListings(db, embedder.model, batchSize);
  if (rows.length === 0) return { embedded: 0, unchanged: 0, remaining: !lapDone };

  const work = rows.map((row) => {
    const text = listingEmbeddingText({
      ...row,
      themes: row.themes ?? [],
      tags: row.tags ?? [],
    });
    return {
      id: Number(row.id),
      text,
      hash: contentHash(embedder.model, text),
      old: row.content_hash,
    };
  });
  const changed = work.filter((item) => item.hash !== item.old);
  const unchanged = work.filter((item) => item.hash === item.old);
  const vectors = await embedder.embed(changed.map((item) => item.text));
  for (let start = 0; start < changed.length; start += WRITE_CHUNK) {
    await db
      .insert(listingEmbeddings)
      .values(
        changed.slice(start, start + WRITE_CHUNK).map((item, index) => ({
          listingId: item.id,
          model: embedder.model,
          contentHash: item.hash,
          embedding: vectors[start + index],
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: listingEmbeddings.listingId,
        set: {
          model: sql`excluded.model`,
          contentHash: sql`excluded.content_hash`,
          embedding: sql`excluded.embedding`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  }
  if (unchanged.length > 0) {
    // Edited, but not in the words the model reads: only mark it as seen.
    await db.execute(sql`update ${listingEmbeddings} set updated_at = ${now}
      where listing_id = any(${intArray(unchanged.map((item) => item.id))})`);
  }
  return {
    embedded: changed.length,
    unchanged: unchanged.length,
    remaining: !lapDone || rows.length === batchSize,
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The job's run: batches until nothing is left or the time budget is spent, pausing between
 * batches so requests always get the database (each batch holds it for a few milliseconds:
 * one read, one write; the model runs in the worker thread).
 */
export async function embedPendingListings(
  deps: { db: Database; embedder: Embedder },
  options: {
    budgetMs?: number;
    pauseMs?: number;
    batchSize?: number;
    /** Shutting down: stop between two batches (the rest is embedded on the next start). */
    shouldStop?: () => boolean;
  } = {},
): Promise<{ embedded: number; unchanged: number }> {
  const deadline = Date.now() + (options.budgetMs ?? 20_000);
  let embedded = 0;
  let unchanged = 0;
  for (;;) {
    const result = await embedListingsBatch(deps, options.batchSize);
    embedded += result.embedded;
    unchanged += result.unchanged;
    if (!result.remaining || Date.now() > deadline || options.shouldStop?.()) break;
    await pause(options.pauseMs ?? 25);
  }
  return { embedded, unchanged };
}
