import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { insertListings } from '../../../../tests/helpers/fixtures/listings';
import type { ListListingsResponse } from '../listings.schema';
import { clearCatalogueCaches } from './catalogue-cache';

/**
 * A listing withdrawn when its agent closed the account stays only as the record of its
 * accepted offer (decision 007): nobody browsing the marketplace may find it.
 */
describe('[CATALOGUE] withdrawn listings are off the market', () => {
  let t: TestApp;
  let agentId: number;
  let withdrawnId: number;
  let producerCookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    clearCatalogueCaches();
    const agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    agentId = agent.id;
    const rows = await insertListings(t.db, [
      { title: 'Still on sale', agentId, isFeatured: true, suggestedOfferMax: 1_000_000 },
      {
        title: 'Withdrawn Harbour',
        agentId,
        isFeatured: true,
        status: 'withdrawn',
        suggestedOfferMax: 9_000_000,
      },
    ]);
    withdrawnId = rows[1].id;
    const producer = await createUser(t.db, { role: 'producer', membershipTier: 'premium' });
    producerCookie = await signIn(t, producer.id);
  });
  afterAll(() => t.close());

  it('leaves them out of the catalogue, its search and its facets', async () => {
    for (const url of ['/api/listings', '/api/listings?search=harbour']) {
      const response = await t.request({ method: 'GET', url, cookie: producerCookie });
      expect(response.statusCode).toBe(200);
      const body = response.json<ListListingsResponse>();
      expect(body.items.map((listing) => listing.title)).not.toContain('Withdrawn Harbour');
      expect(body.total).toBe(url.includes('search') ? 0 : 1);
    }
  });

  it('leaves them out of the featured titles and the headline figures', async () => {
    const featured = await t.request({ method: 'GET', url: '/api/listings/featured' });
    expect(featured.json<Array<{ title: string }>>().map((l) => l.title)).toEqual([
      'Still on sale',
    ]);
    const stats = await t.request({ method: 'GET', url: '/api/public/stats' });
    expect(stats.json()).toMatchObject({ bookCount: 1, totalValue: 10_000 });
  });

  it('answers 404 on its detail page to a producer, but shows it to its agent', async () => {
    const asProducer = await t.request({
      method: 'GET',
      url: `/api/listings/${withdrawnId}`,
      cookie: producerCookie,
    });
    expect(asProducer.statusCode).toBe(404);
    const asAgent = await t.request({
      method: 'GET',
      url: `/api/listings/${withdrawnId}`,
      cookie: await signIn(t, agentId),
    });
    expect(asAgent.statusCode).toBe(200);
  });
});
