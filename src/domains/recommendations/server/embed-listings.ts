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

/**
 * One batch of the background embedding: listings never embedded, embedded by another model,
 * or edited since (their text's hash is compared, so an edit that leaves the text alone costs
 * no embedding), newest first: a listing an agent just saved comes before the seed's backlog.
 * New and edited listings are picked up this way: saving a listing only changes
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
  const rows = await db.execute<{
    id: number;
    title: string;
    logline: string | null;
    synopsis: string | null;
    description: string | null;
    themes: string[];
    genre: string | null;
    tags: string[];
    content_hash: string | null;
  }>(sql`
    select l.id, l.title, l.logline, l.synopsis, l.description, l.themes, l.genre, l.tags,
      e.content_hash
    from ${listings} l left join ${listingEmbeddings} e on e.listing_id = l.id
    where e.listing_id is null or e.model <> ${embedder.model} or l.updated_at > e.updated_at
    order by (e.listing_id is null) desc, l.updated_at desc, l.id desc
    limit ${batchSize}`);
  if (rows.rows.length === 0) return { embedded: 0, unchanged: 0, remaining: false };

  const work = rows.rows.map((row) => {
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
  if (changed.length > 0) {
    await db
      .insert(listingEmbeddings)
      .values(
        changed.map((item, index) => ({
          listingId: item.id,
          model: embedder.model,
          contentHash: item.hash,
          embedding: vectors[index],
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
    remaining: rows.rows.length === batchSize,
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
