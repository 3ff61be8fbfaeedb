import { sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db/client';
import { listings } from '@/domains/listings/server/listings.tables';
import { EMBEDDING_DIMENSIONS } from './embedder';
import { listingEmbeddings } from './recommendations.tables';
import { intArray } from '@/server/db/int-array';

/**
 * How nearest-neighbour queries run on this database (decision 015):
 * - 'pgvector': the `vector` extension exists (PGlite with pglite-pgvector, or a server that
 *   has it): a generated `embedding_vector vector(512)` column with an HNSW index, `<=>`.
 * - 'exact': no extension (Debian's PostgreSQL 15 here): the exact cosine over `real[]`,
 *   computed in SQL (vectors are stored unit length, so the dot product is the cosine).
 */
export type VectorCapability = 'pgvector' | 'exact';

const capabilities = new WeakMap<object, Promise<VectorCapability>>();

async function detectCapability(db: Database): Promise<VectorCapability> {
  try {
    await db.execute(sql`create extension if not exists vector`);
  } catch {
    return 'exact';
  }
  // Idempotent, so every instance may run it at start; not in a migration, because the same
  // migrations must run on a server without the extension.
  await db.execute(
    sql.raw(`alter table listing_embeddings add column if not exists embedding_vector
      vector(${EMBEDDING_DIMENSIONS}) generated always as (embedding::vector(${EMBEDDING_DIMENSIONS})) stored`),
  );
  await db.execute(
    sql.raw(`create index if not exists listing_embeddings_hnsw_idx on listing_embeddings
      using hnsw (embedding_vector vector_cosine_ops)`),
  );
  return 'pgvector';
}

/** The capability of this database, found (and set up) once per process. */
export function vectorCapability(db: Database): Promise<VectorCapability> {
  let found = capabilities.get(db);
  if (!found) {
    found = detectCapability(db);
    capabilities.set(db, found);
    // A failure is not kept: the next call tries again.
    found.catch(() => capabilities.delete(db));
  }
  return found;
}

/** Tests: pretend the extension is missing (or present) on this database. */
export function forceVectorCapability(db: Database, capability: VectorCapability): void {
  capabilities.set(db, Promise.resolve(capability));
}

const formatNumber = (value: number) => (Number.isFinite(value) ? String(value) : '0');

/** A bound `real[]` parameter holding the vector. */
export function realArrayParam(vector: number[]): SQL {
  return sql`${`{${vector.map(formatNumber).join(',')}}`}::real[]`;
}

/** A bound `vector` parameter holding the vector. */
function vectorParam(vector: number[]): SQL {
  return sql`${`[${vector.map(formatNumber).join(',')}]`}::vector`;
}

export interface Neighbour {
  listingId: number;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

export interface NearestOptions {
  vector: number[];
  /** Conditions over `listings` (joined), e.g. the catalogue's filters. */
  where?: SQL;
  /**
   * Only these listings (already filtered, e.g. by the catalogue index), compared exactly:
   * `where` is then not used. An approximate index scan that must skip most of what it
   * visits is slower than comparing a few thousand vectors.
   */
  among?: number[];
  limit: number;
  capability?: VectorCapability;
}

/**
 * The listings nearest in meaning to `vector` among those matching `where`, most similar
 * first. With pgvector the HNSW index answers (iterative scan, so a selective filter still
 * fills the limit); without it, every matching embedding is compared exactly.
 */
/** Extra neighbours read from the HNSW index so that ties at the cut are broken by id. */
const TIE_MARGIN = 8;

export async function findNearestListings(
  db: Database,
  options: NearestOptions,
): Promise<Neighbour[]> {
  const capability = options.capability ?? (await vectorCapability(db));
  const where = options.where ?? sql`true`;
  if (options.among)
    return findNearestAmong(db, capability, options.vector, options.among, options.limit);
  if (capability === 'pgvector') {
    const query = vectorParam(options.vector);
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`set local hnsw.iterative_scan = relaxed_order`);
      await tx.execute(sql`set local hnsw.ef_search = 100`);
      const result = await tx.execute<{ listing_id: number; distance: number }>(sql`
        select e.listing_id, e.embedding_vector <=> ${query} as distance
        from ${listingEmbeddings} e join ${listings} on ${listings.id} = e.listing_id
        where ${where}
        order by e.embedding_vector <=> ${query}
        limit ${options.limit + TIE_MARGIN}`);
      return result.rows;
    });
    // relaxed_order may return a few neighbours slightly out of order, and the index cannot
    // break ties: a few more are read, sorted exactly with ties by id (as the exact path
    // does), then cut, so both paths name the same listings when similarities tie.
    return rows
      .map((row) => ({ listingId: Number(row.listing_id), similarity: 1 - Number(row.distance) }))
      .sort((a, b) => b.similarity - a.similarity || a.listingId - b.listingId)
      .slice(0, options.limit);
  }
  const query = realArrayParam(options.vector);
  const result = await db.execute<{ listing_id: number; similarity: number }>(sql`
    select e.listing_id,
      (select sum(a * b) from unnest(e.embedding, ${query}) as pair(a, b)) as similarity
    from ${listingEmbeddings} e join ${listings} on ${listings.id} = e.listing_id
    where ${where}
    order by similarity desc nulls last, e.listing_id
    limit ${options.limit}`);
  return result.rows.map((row) => ({
    listingId: Number(row.listing_id),
    similarity: Number(row.similarity ?? 0),
  }));
}

/** The `limit` nearest of the given listings, compared exactly, most similar first. */
async function findNearestAmong(
  db: Database,
  capability: VectorCapability,
  vector: number[],
  ids: number[],
  limit: number,
): Promise<Neighbour[]> {
  if (ids.length === 0) return [];
  // Materialised, so the planner cannot answer the order from the HNSW index.
  const distance =
    capability === 'pgvector'
      ? sql`embedding_vector <=> ${vectorParam(vector)}`
      : sql`1 - (select sum(a * b) from unnest(embedding, ${realArrayParam(vector)}) as pair(a, b))`;
  const result = await db.execute<{ listing_id: number; distance: number | null }>(sql`
    with candidates as materialized (
      select * from ${listingEmbeddings} where listing_id = any(${intArray(ids)})
    )
    select listing_id, ${distance} as distance from candidates
    order by distance nulls last, listing_id
    limit ${limit}`);
  return result.rows.map((row) => ({
    listingId: Number(row.listing_id),
    similarity: 1 - Number(row.distance ?? 1),
  }));
}

/** The stored vectors of these listings (those embedded so far). */
export async function findEmbeddings(
  db: Executor,
  listingIds: number[],
): Promise<Map<number, number[]>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db.execute<{ listing_id: number; embedding: number[] }>(sql`
    select listing_id, embedding from ${listingEmbeddings}
    where listing_id = any(${intArray(listingIds)})`);
  return new Map(rows.rows.map((row) => [Number(row.listing_id), row.embedding.map(Number)]));
}

export function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA > 0 && normB > 0 ? dot / Math.sqrt(normA * normB) : 0;
}
