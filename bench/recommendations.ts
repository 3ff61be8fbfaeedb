/**
 * Recommendations benchmark (issue 16): embedding throughput with the real model (in its
 * worker thread), the time to embed the demo catalogue, and the latency of recommendations,
 * similar titles and search by meaning, on PGlite with pgvector (HNSW) and, with --exact, on
 * the exact fallback. Larger catalogues get synthetic vectors (real ones, perturbed), so the
 * index and the scan are measured at that size without hours of embedding.
 *
 *   npx tsx bench/recommendations.ts [--listings 1200] [--synthetic 20000] [--requests 50]
 *                                    [--exact | --vector-only] [--workers 1] [--on-disk]
 *                                    [--data-dir DIR]
 *
 * --workers: the model's threads (EMBEDDING_WORKERS). --listings 100000 --synthetic 0 embeds a
 * real 100,000-listing demo catalogue end to end (about an hour with two workers here).
 * Uses an in-memory PGlite (--on-disk: in a temporary directory, as the server runs;
 * --data-dir: an earlier run's, kept with its embeddings, to measure the searches again; or
 * PostgreSQL at $DATABASE_URL: the exact path there).
 */
import { parseArgs } from 'node:util';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { seedDemoIfEmpty } from '@/app/server/seed/seed-demo';
import { users } from '@/domains/accounts/server/accounts.tables';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import {
  createModelEmbedder,
  EMBED_BATCH_SIZE,
  embedPendingListings,
} from '@/domains/recommendations/server';
import { generateRecommendations } from '@/domains/recommendations/server/generate-recommendations';
import { findSimilarListings } from '@/domains/recommendations/server/find-similar-listings';
import { searchByMeaning } from '@/domains/recommendations/server/search-by-meaning';
import { listingEmbeddings } from '@/domains/recommendations/server/recommendations.tables';
import {
  forceVectorCapability,
  vectorCapability,
} from '@/domains/recommendations/server/vector-store';
import { normalise } from '@/domains/recommendations/server/embedder';
import { CatalogueIndexKeeper } from '@/domains/listings/server/maintain-catalogue-index';
import { serverPoolOf } from '@/server/db/listen';

const { values: args } = parseArgs({
  options: {
    listings: { type: 'string', default: '1200' },
    synthetic: { type: 'string', default: '20000' },
    workers: { type: 'string', default: '1' },
    'on-disk': { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    requests: { type: 'string', default: '50' },
    exact: { type: 'boolean', default: false },
    'vector-only': { type: 'boolean', default: false },
  },
});
const log = pino({ level: 'silent' });
void log;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const round = (value: number) => Math.round(value * 10) / 10;

async function measure(name: string, runs: number, task: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 3; i += 1) await task(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await task(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name}: p50 ${round(percentile(times, 50))} ms, p95 ${round(percentile(times, 95))} ms (${runs} runs)`,
  );
}

async function main() {
  console.log(
    `machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), load ${os.loadavg().map(round).join(' ')}, node ${process.version}`,
  );
  const pgliteDir = args['data-dir']
    ? path.join(args['data-dir'], 'db')
    : args['on-disk']
      ? path.join(mkdtempSync(path.join(os.tmpdir(), 'pts-recs-bench-')), 'db')
      : undefined;
  if (pgliteDir) console.log(`database: PGlite at ${pgliteDir}`);
  const database = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    pgliteDir,
    pgliteSharedBuffers: '256MB',
  });
  await runMigrations(database);
  const { db } = database;
  const seeded = await seedDemoIfEmpty(db, { listings: Number(args.listings) });
  console.log('catalogue:', seeded ?? 'already seeded');

  const workers = Number(args.workers);
  const embedder = createModelEmbedder({ workers });
  // Model load, once per process.
  let started = performance.now();
  await embedder.embed(['warm up']);
  console.log(`model load + first sentence: ${round(performance.now() - started)} ms`);

  started = performance.now();
  // The server's job, as it runs (batches of 16 per thread, the writes to the HNSW index
  // included), without its pauses: the backlog a fresh catalogue starts with.
  let lastReport = performance.now();
  let embeddedSoFar = 0;
  let result = { embedded: 0, unchanged: 0 };
  for (;;) {
    const step = await embedPendingListings(
      { db, embedder },
      { budgetMs: 10_000, pauseMs: 0, batchSize: EMBED_BATCH_SIZE * workers },
    );
    result = {
      embedded: result.embedded + step.embedded,
      unchanged: result.unchanged + step.unchanged,
    };
    embeddedSoFar = result.embedded;
    if (performance.now() - lastReport > 60_000) {
      lastReport = performance.now();
      console.log(
        `  … ${embeddedSoFar} embedded after ${round((lastReport - started) / 1000)} s, load ${os.loadavg().map(round).join(' ')}`,
      );
    }
    if (step.embedded + step.unchanged === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `embedded ${result.embedded} listings in ${round(seconds)} s (${round(seconds / 60)} min): ${round(result.embedded / seconds)} listings/s (${workers} model thread(s), batches of ${EMBED_BATCH_SIZE} per thread, with the database writes; measured)`,
  );
  if (result.embedded > 0 && result.embedded < 100_000) {
    // A smaller run's rate carried over (the model's cost is per listing), and said so.
    console.log(
      `embedding 100,000 listings at this rate: ${round(100_000 / (result.embedded / seconds) / 3600)} h (extrapolated, not measured)`,
    );
  }

  // Synthetic listings: copies of real ones with perturbed vectors, to measure at scale.
  const synthetic = Number(args.synthetic);
  if (synthetic > 0) {
    const base = await db
      .select({ id: listingEmbeddings.listingId, e: listingEmbeddings.embedding })
      .from(listingEmbeddings);
    const copied = await db.execute<{ id: number }>(sql`
      insert into ${listings} (title, author, description, medium, status, genre, tags,
        suggested_offer_min_pence, suggested_offer_max_pence)
      select title || ' #' || g, author, description, medium, status, genre, tags,
        suggested_offer_min_pence, suggested_offer_max_pence
      from ${listings}, generate_series(1, ${Math.ceil(synthetic / base.length)}) as g
      limit ${synthetic}
      returning id`);
    const ids = copied.rows.map((row) => Number(row.id));
    // Bulk load without the index, then build it once (as a restore would).
    await db.execute(sql`drop index if exists listing_embeddings_hnsw_idx`);
    const started2 = performance.now();
    for (let i = 0; i < ids.length; i += 500) {
      const rows = ids.slice(i, i + 500).map((id, j) => {
        const source = base[(i + j) % base.length].e;
        return {
          listingId: id,
          model: embedder.model,
          contentHash: `synthetic-${id}`,
          embedding: normalise(source.map((v) => v + (Math.random() - 0.5) * 0.02)),
        };
      });
      await db.insert(listingEmbeddings).values(rows);
    }
    console.log(
      `synthetic: ${ids.length} more listings with vectors (inserted and indexed in ${round((performance.now() - started2) / 1000)} s)`,
    );
  }
  if ((await vectorCapability(db)) === 'pgvector') {
    const building = performance.now();
    await db.execute(sql`create index if not exists listing_embeddings_hnsw_idx
      on listing_embeddings using hnsw (embedding_vector vector_cosine_ops)`);
    console.log(`HNSW index built in ${round((performance.now() - building) / 1000)} s`);
  }
  const [{ total }] = (
    await db.execute<{ total: number }>(
      sql`select count(*)::int as total from ${listingEmbeddings}`,
    )
  ).rows;
  await db.execute(sql`analyze`);

  // At 100,000 vectors the exact fallback takes seconds a request (about 130 µs a vector on
  // PGlite): --vector-only measures the pgvector path alone there.
  const capability = await vectorCapability(db);
  const paths = args.exact
    ? (['exact'] as const)
    : args['vector-only']
      ? ([capability] as const)
      : ([capability, 'exact'] as const);
  const [producer] = await db
    .insert(users)
    .values({
      email: `bench-${Date.now()}@example.test`,
      username: `bench_${Date.now() % 100000}`,
      firstName: 'Bench',
      lastName: 'Producer',
      role: 'producer',
      membershipTier: 'premium',
      passwordHash: 'x',
      whatAreYouLookingFor: 'Literary thrillers with strong female leads',
    })
    .returning();
  const some = await db.select({ id: listings.id }).from(listings).limit(5);
  await db
    .insert(favourites)
    .values(some.map((row) => ({ userId: producer.id, listingId: row.id })));
  const runs = Number(args.requests);
  const descriptions = [
    'a family drama on the English coast',
    'a heist with a crew of thieves in London',
    'a space adventure about a rebellion',
    'a detective story in a small town',
  ];
  // As the server runs: its catalogue index names the listings a filter matches (decision 018).
  const keeper = new CatalogueIndexKeeper(db, serverPoolOf(db));
  keeper.start();
  await keeper.whenBuilt();
  for (const capability of paths) {
    forceVectorCapability(db, capability);
    console.log(`vectors: ${total}; nearest-neighbour path: ${capability}`);
    const deps = { db, embedder, capability };
    await measure('  recommendations (8, warm)', runs, (i) =>
      generateRecommendations(deps, producer, { limit: 8, refresh: i }),
    );
    await measure('  similar titles (6)', runs, (i) =>
      findSimilarListings(deps, some[i % some.length].id, producer),
    );
    await measure('  search by meaning (incl. embedding the description)', runs, (i) =>
      searchByMeaning(deps, {
        meaning: descriptions[i % descriptions.length],
        limit: 24,
        offset: 0,
      }),
    );
    await measure('  search by meaning + genre filter', runs, (i) =>
      searchByMeaning(deps, {
        meaning: descriptions[i % descriptions.length],
        genre: 'thriller',
        limit: 24,
        offset: 0,
      }),
    );
  }
  await measure('embedding one description alone', runs, (i) =>
    embedder.embed([descriptions[i % descriptions.length]]),
  );

  keeper.close();
  await embedder.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
