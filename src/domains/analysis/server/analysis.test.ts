import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { insertListings } from '../../../../tests/helpers/fixtures/listings';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Analysis, SearchResponse } from '../analysis.schema';
import { listingAnalyses } from './analysis.tables';
import { processAnalysisWork } from './recompute-analyses';

const YEAR_MS = 365 * 24 * 3600 * 1000;

describe('commercial analysis API', () => {
  let t: TestApp;
  let premium: string;
  let free: string;
  let agent: string;
  let otherAgent: string;
  let admin: string;
  let agentId: number;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    const premiumUser = await createUser(t.db, {
      membershipTier: 'premium',
      premiumExpiresAt: new Date(Date.now() + YEAR_MS),
    });
    const freeUser = await createUser(t.db);
    const agentUser = await createUser(t.db, { role: 'agent' });
    const otherAgentUser = await createUser(t.db, { role: 'agent' });
    const adminUser = await createUser(t.db, { role: 'admin' });
    agentId = agentUser.id;
    [premium, free, agent, otherAgent, admin] = await Promise.all(
      [premiumUser, freeUser, agentUser, otherAgentUser, adminUser].map((u) => signIn(t, u.id)),
    );
    const rows = await insertListings(t.db, [
      { agentId, genre: 'Horror', medium: 'book', pages: 300, viabilityScore: 12 },
      {
        agentId,
        genre: 'Thriller',
        medium: 'book',
        pages: 450,
        mediumDetails: { averageRating: 4.5, ratingsCount: 900 },
      },
      { agentId: otherAgentUser.id, genre: 'Fantasy', medium: 'screenplay' },
      // A seeded number the engine cannot back: it must not survive the analysis.
      { agentId, genre: null, medium: 'podcast', viabilityScore: 88 },
      ...Array.from({ length: 25 }, (_, i) => ({
        agentId,
        genre: i % 2 ? 'Drama' : 'Comedy',
        medium: 'book',
        pages: 150 + i * 20,
      })),
    ]);
    ids = rows.map((row) => row.id);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie });

  it('is premium: 401 signed out, 403 with upgradeRequired for a free producer, 200 premium', async () => {
    expect((await get(`/api/commercial-analysis/${ids[0]}`)).statusCode).toBe(401);
    const refused = await get(`/api/commercial-analysis/${ids[0]}`, free);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ upgradeRequired: true });
    const ok = await get(`/api/commercial-analysis/${ids[0]}`, premium);
    expect(ok.statusCode).toBe(200);
    const analysis = ok.json<Analysis>();
    expect(analysis.viabilityScore.kind).toBe('value');
    expect(analysis.dataRange).toBe('1915–2010');
    expect(analysis.forecasting.comparableFilms.length).toBeGreaterThan(0);
  });

  it('shows an agent their own listings only; admins every listing', async () => {
    expect((await get(`/api/commercial-analysis/${ids[0]}`, agent)).statusCode).toBe(200);
    expect((await get(`/api/commercial-analysis/${ids[0]}`, otherAgent)).statusCode).toBe(403);
    expect((await get(`/api/commercial-analysis/${ids[2]}`, admin)).statusCode).toBe(200);
    expect((await get(`/api/commercial-analysis/999999`, premium)).statusCode).toBe(404);
    expect((await get(`/api/commercial-analysis/abc`, premium)).statusCode).toBe(404);
  });

  it('stores the analysis with its input hash, reuses it, and recomputes on refresh', async () => {
    const first = (await get(`/api/commercial-analysis/${ids[1]}`, premium)).json<Analysis>();
    const again = (await get(`/api/commercial-analysis/${ids[1]}`, premium)).json<Analysis>();
    expect(again.computedAt).toBe(first.computedAt);
    expect(again.inputHash).toBe(first.inputHash);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const refreshed = (
      await get(`/api/commercial-analysis/${ids[1]}?refresh=true`, premium)
    ).json<Analysis>();
    expect(refreshed.computedAt).not.toBe(first.computedAt);
    expect(refreshed.inputHash).toBe(first.inputHash);
    const { computedAt: _a, ...restA } = refreshed;
    const { computedAt: _b, ...restB } = first;
    expect(restA).toEqual(restB);
    const [row] = await t.db
      .select()
      .from(listingAnalyses)
      .where(eq(listingAnalyses.listingId, ids[1]));
    expect(row.inputHash).toBe(first.inputHash);
    expect(row.commercialScore).toBe(first.viabilityScore.value);
  });

  it('writes the score to the catalogue column; thin data gives a low-confidence score', async () => {
    const analysis = (await get(`/api/commercial-analysis/${ids[0]}`, premium)).json<Analysis>();
    const [row] = await t.db.select().from(listings).where(eq(listings.id, ids[0]));
    expect(row.viabilityScore).toBe(analysis.viabilityScore.value);
    const missing = (
      await get(`/api/enhanced-analysis?listingId=${ids[3]}`, premium)
    ).json<Analysis>();
    expect(missing.viabilityScore).toMatchObject({ kind: 'value', confidence: 'low' });
    expect(missing.method.wouldRaise.length).toBeGreaterThan(0);
    expect(missing.enhanced.tier).not.toBeNull();
    // The catalogue shows the same number, never 'Not yet scored' once the listing is analysed.
    const [thin] = await t.db.select().from(listings).where(eq(listings.id, ids[3]));
    expect(thin.viabilityScore).toBe(missing.viabilityScore.value);
  });

  it('serves a one-page PDF with its sources', async () => {
    const response = await get(`/api/commercial-analysis/${ids[0]}/pdf`, premium);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`/api/commercial-analysis/${ids[0]}/pdf`, free)).statusCode).toBe(403);
  });

  it('recomputes the whole catalogue through a queued run worked in slices', async () => {
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/admin/commercial-analysis/recompute',
          cookie: premium,
        })
      ).statusCode,
    ).toBe(403);
    const queued = await t.request({
      method: 'POST',
      url: '/api/admin/commercial-analysis/recompute',
      cookie: admin,
    });
    expect(queued.statusCode).toBe(202);
    const again = await t.request({
      method: 'POST',
      url: '/api/admin/commercial-analysis/recompute',
      cookie: admin,
    });
    expect(again.json().id).toBe(queued.json().id);
    await processAnalysisWork(t.db, { budgetMs: 10_000 });
    const status = await get('/api/admin/commercial-analysis/status', admin);
    expect(status.statusCode).toBe(200);
    const body = status.json();
    expect(body.run).toMatchObject({ status: 'done', processed: ids.length });
    expect(body.analysed).toBe(ids.length);
    expect(body.missing).toBe(0);
    // Every listing gets a score: thin data lowers its confidence instead.
    expect(body.insufficient).toBe(0);
    expect(body.dataRange).toBe('1915–2010');
    expect((await get('/api/admin/commercial-analysis/status', premium)).statusCode).toBe(403);
  });

  it('the dashboard batch: signed in, limit 3/5/10, genre and medium filters', async () => {
    expect((await get('/api/commercial-analysis/batch')).statusCode).toBe(401);
    const batch = await get('/api/commercial-analysis/batch?limit=3', free);
    expect(batch.statusCode).toBe(200);
    const scores = batch.json().analyses.map((a: { commercialScore: number }) => a.commercialScore);
    expect(scores).toHaveLength(3);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const horror = await get('/api/commercial-analysis/batch?genre=horror&medium=book', free);
    expect(horror.json().analyses.map((a: { listing: { id: number } }) => a.listing.id)).toEqual([
      ids[0],
    ]);
    expect((await get('/api/commercial-analysis/batch?limit=4', free)).statusCode).toBe(400);
  });

  it('the search: premium, score and summary filters, pages of at most 20', async () => {
    expect((await get('/api/commercial-analysis/search', free)).statusCode).toBe(403);
    const all = (await get('/api/commercial-analysis/search', premium)).json<SearchResponse>();
    expect(all.totalFound).toBe(all.totalAnalyzed);
    expect(all.results.length).toBe(Math.min(20, all.totalFound));
    const page2 = (
      await get('/api/commercial-analysis/search?offset=20', premium)
    ).json<SearchResponse>();
    expect(page2.results.length).toBe(all.totalFound - 20);
    const allScores = all.results.map((r) => r.commercialScore);
    const min = allScores[Math.floor(allScores.length / 2)];
    const ranged = (
      await get(`/api/commercial-analysis/search?minScore=${min}&maxScore=100`, premium)
    ).json<SearchResponse>();
    expect(ranged.results.every((r) => r.commercialScore >= min)).toBe(true);
    const size = all.results[0].marketSize!;
    const bySize = (
      await get(`/api/commercial-analysis/search?marketSize=${size}`, premium)
    ).json<SearchResponse>();
    expect(bySize.results.length).toBeGreaterThan(0);
    expect(bySize.results.every((r) => r.marketSize === size)).toBe(true);
    const none = (
      await get('/api/commercial-analysis/search?minScore=100&roiPotential=low', premium)
    ).json<SearchResponse>();
    expect(none).toMatchObject({ results: [], totalFound: 0 });
    for (const bad of [
      'limit=21',
      'limit=0',
      'offset=-1',
      'minScore=101',
      'maxScore=-1',
      'minScore=60&maxScore=50',
      'marketSize=huge',
    ]) {
      expect((await get(`/api/commercial-analysis/search?${bad}`, premium)).statusCode, bad).toBe(
        400,
      );
    }
    // An agent finds only their own listings.
    const mine = (
      await get('/api/commercial-analysis/search?limit=20&offset=0', otherAgent)
    ).json<SearchResponse>();
    expect(mine.results.every((r) => r.listingId === ids[2])).toBe(true);
  });
});
