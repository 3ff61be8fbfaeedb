import { eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '@/domains/admin/server/admin.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import {
  startFakeGoogleBooks,
  type FakeGoogleBooks,
} from '../../../../tests/helpers/fake-google-books';
import { startFakeX, type FakeX } from '../../../../tests/helpers/fake-x';
import { startFakeYouTube, type FakeYouTube } from '../../../../tests/helpers/fake-youtube';
import { insertListing, insertListings } from '../../../../tests/helpers/fixtures/listings';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import type { EnrichmentDeps } from './enrichment-deps';
import { createEnrichmentServices } from './enrichment-services';
import { enrichmentResults, enrichmentRuns } from './enrichment.tables';
import { processEnrichmentRuns } from './process-enrichment-runs';
import { queueNewListingsForBooks } from './start-enrichment-run';
import { YouTubeClient } from './youtube-client';

let t: TestApp;
let bare: TestApp;
let books: FakeGoogleBooks;
let youtube: FakeYouTube;
let x: FakeX;
let admin: string;
let adminId: number;
let producer: string;
let deps: EnrichmentDeps;

/** Sleeps that do not wait, but remember what they were asked for. */
function recordingSleep(onSleep?: (count: number) => void) {
  const calls: number[] = [];
  return {
    calls,
    sleep: async (ms: number) => {
      calls.push(ms);
      onSleep?.(calls.length);
    },
  };
}

beforeAll(async () => {
  [books, youtube, x] = await Promise.all([
    startFakeGoogleBooks(),
    startFakeYouTube(),
    startFakeX(),
  ]);
  t = await createTestApp({ env: { ...books.env, ...youtube.env, ...x.env } });
  // The same database, with no enrichment keys set.
  bare = await createTestApp({ reset: false });
  const adminUser = await createUser(t.db, { role: 'admin' });
  adminId = adminUser.id;
  admin = await signIn(t, adminUser.id);
  producer = await signIn(t, (await createUser(t.db)).id);
  deps = {
    db: t.db,
    storage: t.app.storage,
    log: t.app.log,
    services: createEnrichmentServices(t.config),
  };
}, 60_000);

afterAll(async () => {
  await t.close();
  await bare.close();
  await Promise.all([books.stop(), youtube.stop(), x.stop()]);
});

const post = (app: TestApp, url: string, payload: unknown, cookie = admin) =>
  app.request({ method: 'POST', url, payload: payload as object, cookie });
const get = (app: TestApp, url: string, cookie = admin) =>
  app.request({ method: 'GET', url, cookie });

async function runOf(runId: number) {
  const [run] = await t.db.select().from(enrichmentRuns).where(eq(enrichmentRuns.id, runId));
  return run;
}
async function resultsOf(runId: number) {
  return t.db
    .select()
    .from(enrichmentResults)
    .where(eq(enrichmentResults.runId, runId))
    .orderBy(enrichmentResults.id);
}

describe('[ENRICHMENT] without keys: not configured, named, nothing pretends', () => {
  it('answers 409 naming the setting for every action, and says so in the status', async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/admin/enrich-youtube', { batchSize: 5 }, 'YOUTUBE_API_KEY'],
      ['POST', '/api/admin/enrich-twitter', { batchSize: 5 }, 'X_BEARER_TOKEN'],
      ['GET', '/api/google-books/search?q=lighthouse&maxResults=5', null, 'GOOGLE_BOOKS_API_KEY'],
      ['GET', '/api/google-books/enrich/1', null, 'GOOGLE_BOOKS_API_KEY'],
      [
        'POST',
        '/api/google-books/apply-enrichment/1',
        { addMetadata: true },
        'GOOGLE_BOOKS_API_KEY',
      ],
      [
        'POST',
        '/api/google-books/batch-enrich',
        { listingIds: [1], autoApply: false },
        'GOOGLE_BOOKS_API_KEY',
      ],
    ];
    for (const [method, url, payload, setting] of cases) {
      const response = method === 'GET' ? await get(bare, url) : await post(bare, url, payload);
      expect(response.statusCode, url).toBe(409);
      expect(response.json(), url).toMatchObject({ code: 'CONFLICT', setting });
      expect(response.json().message, url).toContain(setting);
    }
    const status = await get(bare, '/api/admin/youtube-enrichment-status');
    expect(status.statusCode).toBe(200);
    expect(status.json().service).toEqual({ isConfigured: false, setting: 'YOUTUBE_API_KEY' });
    const services = await get(bare, '/api/enrichment/services');
    expect(services.json()).toEqual({
      googleBooks: { isConfigured: false, setting: 'GOOGLE_BOOKS_API_KEY' },
      youtube: { isConfigured: false, setting: 'YOUTUBE_API_KEY' },
      twitter: { isConfigured: false, setting: 'X_BEARER_TOKEN' },
    });
    // Its job does nothing at all without keys.
    const bareDeps = { ...deps, services: createEnrichmentServices(bare.config) };
    expect(await processEnrichmentRuns(bareDeps)).toEqual([]);
  });

  it('is for administrators only', async () => {
    expect((await get(t, '/api/admin/youtube-enrichment-status', producer)).statusCode).toBe(403);
    expect((await post(t, '/api/admin/enrich-youtube', {}, producer)).statusCode).toBe(403);
    expect((await get(t, '/api/google-books/search?q=x', producer)).statusCode).toBe(403);
  });
});

describe('[ENRICHMENT] video batches run as jobs', () => {
  it('keeps batch sizes within 1-10 (default 5) for video and 1-20 for X', async () => {
    for (const batchSize of [0, 11, 2.5]) {
      const response = await post(t, '/api/admin/enrich-youtube', { batchSize });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.batchSize).toMatch(/between 1 and 10|whole number/);
    }
    const tooMany = await post(t, '/api/admin/enrich-twitter', { batchSize: 21 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields.batchSize).toBe('Batch size must be between 1 and 20');
  });

  it('creates a run of 5 by default, processes it 1 s apart, and reports it', async () => {
    await insertListings(
      t.db,
      Array.from({ length: 7 }, (_, i) => ({ title: `Video Tale ${i}`, author: 'Vera Video' })),
    );
    const started = await post(t, '/api/admin/enrich-youtube', {});
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ processed: 0, total: 5, status: 'queued' });
    expect((await post(t, '/api/admin/enrich-youtube', {})).statusCode).toBe(409);

    const { sleep, calls } = recordingSleep();
    const outcomes = await processEnrichmentRuns(deps, { sleep });
    expect(outcomes).toEqual([{ runId: started.json().runId, outcome: 'done' }]);
    // Two requests a listing (search, statistics), paced 1 s apart.
    expect(calls).toEqual(Array(9).fill(1000));

    const status = (await get(t, '/api/admin/youtube-enrichment-status')).json();
    expect(status).toMatchObject({ enriched: 5, remaining: status.total - 5 });
    expect(status.percentage).toBe(Math.floor((5 / status.total) * 100));
    expect(status.lastRun).toMatchObject({ status: 'done', processed: 5, total: 5, failed: 0 });
    expect(status.lastRun.results).toHaveLength(5);
    const first = status.lastRun.results[0];
    expect(first.status).toBe('enriched');
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, first.listingId));
    expect(listing.youtubeTotalViews).toBe(first.data.totalViews);
    expect(listing.youtubeVideoCount).toBe(3);
    expect(listing.youtubePopularityScore).toBeGreaterThan(0);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'start_enrichment_run'));
    expect(audit.at(-1)).toMatchObject({ actorId: adminId, targetType: 'enrichment_run' });
  });

  it('takes over a run cut off by a restart, skipping the listings it recorded', async () => {
    const rows = await insertListings(t.db, [
      { title: 'Restart One', author: 'R' },
      { title: 'Restart Two', author: 'R' },
      { title: 'Restart Three', author: 'R' },
    ]);
    const ids = rows.map((row) => row.id);
    const [held] = await t.db
      .insert(enrichmentRuns)
      .values({
        source: 'youtube',
        status: 'running',
        batchSize: 3,
        listingIds: ids,
        total: 3,
        lockedUntil: new Date(Date.now() + 60_000),
      })
      .returning();
    // Another instance still holds it: left alone.
    expect(await processEnrichmentRuns(deps, { sleep: recordingSleep().sleep })).toEqual([]);

    // The instance died after recording the first listing; its claim has lapsed.
    await t.db
      .update(enrichmentRuns)
      .set({ lockedUntil: new Date(Date.now() - 1000), processed: 1 })
      .where(eq(enrichmentRuns.id, held.id));
    await t.db.insert(enrichmentResults).values({
      runId: held.id,
      listingId: ids[0],
      source: 'youtube',
      status: 'enriched',
      data: { totalViews: 1 },
    });
    const before = youtube.requests.length;
    const outcomes = await processEnrichmentRuns(deps, { sleep: recordingSleep().sleep });
    expect(outcomes).toEqual([{ runId: held.id, outcome: 'done' }]);
    const queries = youtube.requests.slice(before).map((r) => r.query.get('q') ?? '');
    expect(queries.filter((q) => q.includes('Restart One'))).toHaveLength(0);
    expect(queries.filter((q) => q.includes('Restart Two'))).toHaveLength(1);
    const results = await resultsOf(held.id);
    expect(results.map((r) => r.listingId)).toEqual(ids);
    expect(await runOf(held.id)).toMatchObject({ status: 'done', processed: 3, lockedUntil: null });
  });

  it('puts a run back in the queue when the app shuts down, and finishes it later', async () => {
    const rows = await insertListings(t.db, [
      { title: 'Shutdown One', author: 'S' },
      { title: 'Shutdown Two', author: 'S' },
    ]);
    const [run] = await t.db
      .insert(enrichmentRuns)
      .values({ source: 'youtube', batchSize: 2, listingIds: rows.map((r) => r.id), total: 2 })
      .returning();
    let isClosing = false;
    // The app starts closing during the first listing's pause.
    const paced = recordingSleep(() => {
      isClosing = true;
    });
    expect(
      await processEnrichmentRuns(deps, { sleep: paced.sleep, shouldStop: () => isClosing }),
    ).toEqual([{ runId: run.id, outcome: 'requeued' }]);
    expect(await runOf(run.id)).toMatchObject({
      status: 'queued',
      processed: 1,
      lockedUntil: null,
    });
    expect(await processEnrichmentRuns(deps, { sleep: recordingSleep().sleep })).toEqual([
      { runId: run.id, outcome: 'done' },
    ]);
    expect((await resultsOf(run.id)).map((r) => r.listingId)).toEqual(rows.map((r) => r.id));
  });

  it('fails a run whose key is refused, keeping the reason', async () => {
    const [listing] = await insertListings(t.db, [{ title: 'Bad Key Tale', author: 'K' }]);
    const [run] = await t.db
      .insert(enrichmentRuns)
      .values({ source: 'youtube', batchSize: 1, listingIds: [listing.id], total: 1 })
      .returning();
    const wrong = new YouTubeClient({ apiKey: 'wrong', apiBase: youtube.apiBase });
    const outcomes = await processEnrichmentRuns(
      { ...deps, services: { ...deps.services, youtube: wrong } },
      { sleep: recordingSleep().sleep },
    );
    expect(outcomes).toEqual([{ runId: run.id, outcome: 'failed' }]);
    expect((await runOf(run.id)).lastError).toMatch(/refused the API key/);
  });

  it('records a timeout against the one listing and goes on', async () => {
    const rows = await insertListings(t.db, [
      { title: 'Slow Tale', author: 'S' },
      { title: 'Quick Tale', author: 'S' },
    ]);
    const [run] = await t.db
      .insert(enrichmentRuns)
      .values({ source: 'youtube', batchSize: 2, listingIds: rows.map((r) => r.id), total: 2 })
      .returning();
    const quick = new YouTubeClient({
      apiKey: youtube.key,
      apiBase: youtube.apiBase,
      timeoutMs: 200,
    });
    youtube.fail({ kind: 'slow', delayMs: 600 });
    await processEnrichmentRuns(
      { ...deps, services: { ...deps.services, youtube: quick } },
      { sleep: recordingSleep().sleep },
    );
    const results = await resultsOf(run.id);
    expect(results.map((r) => r.status)).toEqual(['error', 'enriched']);
    expect(results[0].message).toMatch(/did not answer/);
    expect(await runOf(run.id)).toMatchObject({ status: 'done', processed: 2, failed: 1 });
  });
});

describe('[ENRICHMENT] X batches back off on the rate limit and resume', () => {
  it('waits until x-rate-limit-reset, then resumes without repeating recorded listings', async () => {
    const started = await post(t, '/api/admin/enrich-twitter', { batchSize: 3 });
    expect(started.statusCode).toBe(202);
    const { runId } = started.json();
    const resetAt = new Date(Date.now() + 120_000);
    // The third pause comes before listing 2's search: that call hits the rate limit.
    const paced = recordingSleep((count) => {
      if (count === 3) x.fail({ kind: 'rateLimit', resetAt });
    });
    expect(await processEnrichmentRuns(deps, { sleep: paced.sleep })).toEqual([
      { runId, outcome: 'waiting_quota' },
    ]);
    expect(paced.calls.every((ms) => ms === 3000)).toBe(true);
    const waiting = await runOf(runId);
    expect(waiting).toMatchObject({ status: 'waiting_quota', processed: 1, lockedUntil: null });
    expect(waiting.resumeAt?.getTime()).toBe(Math.ceil(resetAt.getTime() / 1000) * 1000);
    const status = (await get(t, '/api/admin/twitter-enrichment-status')).json();
    expect(status.lastRun).toMatchObject({ status: 'waiting_quota', processed: 1 });
    expect(status.lastRun.lastError).toMatch(/rate limit/);

    // Before the reset nothing happens; after it the run resumes from listing 2.
    expect(await processEnrichmentRuns(deps, { sleep: recordingSleep().sleep })).toEqual([]);
    const later = () => new Date(resetAt.getTime() + 1000);
    expect(
      await processEnrichmentRuns(deps, { sleep: recordingSleep().sleep, now: later }),
    ).toEqual([{ runId, outcome: 'done' }]);
    const results = await resultsOf(runId);
    expect(new Set(results.map((r) => r.listingId)).size).toBe(3);
    expect(results).toHaveLength(3);
    const [listing] = await t.db
      .select()
      .from(listings)
      .where(eq(listings.id, results[0].listingId));
    expect(listing.twitterMentions).toBeGreaterThan(0);
    expect(listing.twitterBookClubMentions).toBe(1);
    expect(listing.twitterBuzzScore).toBeGreaterThan(0);
  });
});

describe('[ENRICHMENT] Google Books: search, match, apply, batch', () => {
  let isbnListing: number;
  let titleListing: number;
  let ambiguousListing: number;

  beforeAll(async () => {
    books.add({
      id: 'vol-winter-a',
      title: 'Winter Orchard',
      authors: ['Ann Pike'],
      pageCount: 200,
      categories: ['Fiction'],
    });
    books.add({
      id: 'vol-winter-b',
      title: 'Winter Orchard',
      authors: ['Bob Pike'],
      pageCount: 310,
      categories: ['Fiction'],
    });
    books.add({
      id: 'vol-salt',
      title: 'The Salt Road',
      authors: ['Jo Rivers'],
      pageCount: 288,
      categories: ['Fiction / Historical / General'],
      averageRating: 3.9,
      ratingsCount: 120,
      publishedDate: '2021',
    });
    books.add({
      id: 'vol-foreign-cover',
      title: 'Far Cover',
      authors: ['Fay Far'],
      isbn13: '9780000000099',
      coverLinkOverride: 'https://evil.example/cover.png',
    });
    isbnListing = (
      await insertListing(t.db, {
        title: 'Lighthouse Keeper',
        author: 'A. Marlow',
        isbn: '978-0-00-000001-1',
      })
    ).id;
    titleListing = (await insertListing(t.db, { title: 'The Salt Road', author: 'Jo Rivers' })).id;
    ambiguousListing = (await insertListing(t.db, { title: 'Winter Orchard', author: 'Pike' })).id;
  });

  it('searches at most 5 volumes', async () => {
    const response = await get(t, '/api/google-books/search?q=lighthouse&maxResults=5');
    expect(response.statusCode).toBe(200);
    expect(response.json().books[0]).toMatchObject({ id: 'vol-lighthouse-1', hasCover: true });
    expect(response.json().books[0]).not.toHaveProperty('coverLink');
    expect((await get(t, '/api/google-books/search?q=x&maxResults=6')).statusCode).toBe(400);
    expect((await get(t, '/api/google-books/search?q=')).statusCode).toBe(400);
  });

  it('matches by ISBN first, then by title and author, with a confidence', async () => {
    const byIsbn = (await get(t, `/api/google-books/enrich/${isbnListing}`)).json();
    expect(byIsbn.match).toMatchObject({ method: 'isbn', confidence: 100, isAmbiguous: false });
    expect(byIsbn.enrichedData).toMatchObject({
      pageCount: 352,
      publisher: 'Harbour Press',
      ratingsCount: 1830,
      averageRating: 4.2,
      commercialIndicators: { marketPresence: 'high' },
    });
    expect(byIsbn.suggestions.map((s: { field: string }) => s.field)).toEqual([
      'coverImage',
      'pageCount',
      'genre',
      'metadata',
    ]);
    const byTitle = (await get(t, `/api/google-books/enrich/${titleListing}`)).json();
    expect(byTitle.match).toMatchObject({ method: 'title_author', isAmbiguous: false });
    expect(byTitle.match.confidence).toBeGreaterThanOrEqual(80);
    expect(byTitle.match.confidence).toBeLessThanOrEqual(95);
    const ambiguous = (await get(t, `/api/google-books/enrich/${ambiguousListing}`)).json();
    expect(ambiguous.match.isAmbiguous).toBe(true);
    expect(ambiguous.alternatives).toHaveLength(1);
    expect((await get(t, '/api/google-books/enrich/99999999')).statusCode).toBe(404);
  });

  it('applies the chosen parts: the cover is fetched, checked, stored, never hot-linked', async () => {
    const response = await post(t, `/api/google-books/apply-enrichment/${isbnListing}`, {
      updateCoverImage: true,
      updatePageCount: true,
      updateGenre: false,
      addMetadata: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.applied).toEqual(['coverImage', 'pageCount', 'metadata']);
    expect(body.coverImageUrl).toMatch(/^\/uploads\/listing-images\/[\w-]+\.webp$/);
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, isbnListing));
    expect(listing.pages).toBe(352);
    expect(listing.coverImageUrl).toBe(body.coverImageUrl);
    expect(listing.coverImageUrl).not.toContain(books.url);
    expect(listing.genre).toBeNull();
    expect(listing.mediumDetails).toMatchObject({
      source: 'Google Books',
      averageRating: 4.2,
      ratingsCount: 1830,
      googleBooksId: 'vol-lighthouse-1',
    });
    const stream = await t.app.storage.get(body.coverImageUrl.replace('/uploads/', ''));
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect((await fileTypeFromBuffer(Buffer.concat(chunks)))?.mime).toBe('image/webp');
    const [audit] = await t.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, 'apply_book_enrichment'));
    expect(audit).toMatchObject({ actorId: adminId, targetType: 'listing', targetId: isbnListing });
  });

  it('refuses a cover that is not an image, and never fetches one off the service host', async () => {
    books.fail({ kind: 'notImage', path: /\/books\/content$/ });
    const bad = await post(t, `/api/google-books/apply-enrichment/${titleListing}`, {
      updateCoverImage: true,
    });
    expect(bad.statusCode).toBe(415);
    const foreign = await insertListing(t.db, {
      title: 'Far Cover',
      author: 'Fay Far',
      isbn: '9780000000099',
    });
    const response = await post(t, `/api/google-books/apply-enrichment/${foreign.id}`, {
      updateCoverImage: true,
      addMetadata: true,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().applied).toEqual(['metadata']);
    expect(response.json().coverImageUrl).toBeNull();
  });

  it('batch-enriches as a run: confident matches applied, ambiguous ones never', async () => {
    const response = await post(t, '/api/google-books/batch-enrich', {
      listingIds: [titleListing, ambiguousListing],
      autoApply: true,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json().summary).toMatchObject({ total: 2, totalProcessed: 0 });
    await processEnrichmentRuns(deps, { sleep: recordingSleep().sleep });
    const batch = (await get(t, `/api/google-books/batch-enrich/${response.json().runId}`)).json();
    expect(batch.status).toBe('done');
    expect(batch.summary).toMatchObject({
      totalProcessed: 2,
      enriched: 1,
      applied: 1,
      ambiguous: 1,
    });
    const rows = await t.db
      .select()
      .from(listings)
      .where(inArray(listings.id, [titleListing, ambiguousListing]));
    const salt = rows.find((row) => row.id === titleListing)!;
    const winter = rows.find((row) => row.id === ambiguousListing)!;
    expect(salt.pages).toBe(288);
    expect(salt.genre).toBe('Historical');
    expect(salt.coverImageUrl).toMatch(/^\/uploads\/listing-images\//);
    expect(winter.pages).toBeNull();
    expect(winter.enrichmentStatus).toBe('ambiguous');
    const tooMany = await post(t, '/api/google-books/batch-enrich', {
      listingIds: Array.from({ length: 21 }, (_, i) => i + 1),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('processes listings queued on creation when Google Books is configured', async () => {
    const queued = await insertListing(t.db, {
      title: 'The Lighthouse Keeper',
      author: 'Ada Marlow',
      isbn: '9780000000011',
      enrichmentStatus: 'queued',
    });
    expect(await queueNewListingsForBooks(deps)).toBeGreaterThanOrEqual(1);
    const [claimed] = await t.db.select().from(listings).where(eq(listings.id, queued.id));
    expect(claimed.enrichmentStatus).toBe('in_progress');
    await processEnrichmentRuns(deps, { sleep: recordingSleep().sleep });
    const [done] = await t.db.select().from(listings).where(eq(listings.id, queued.id));
    expect(done).toMatchObject({ enrichmentStatus: 'enriched', pages: 352 });
    expect(done.mediumDetails?.source).toBe('Google Books');
    // Without a key nothing is queued for a pretend look-up.
    const bareDeps = { ...deps, services: createEnrichmentServices(bare.config) };
    expect(await queueNewListingsForBooks(bareDeps)).toBe(0);
  });
});
