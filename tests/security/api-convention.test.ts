import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { ListingFormSchema } from '@/domains/listings/listing-form.schema';
import {
  CreateOfferRequestSchema,
  OFFER_MESSAGES,
  TermSheetRequestSchema,
} from '@/domains/offers/offers.schema';
import { TasteProfileBodySchema } from '@/domains/recommendations/recommendations.schema';
import { createTestApp, createUser, type TestApp } from '../helpers/test-app';
import { offerKit, type OfferKit } from '../helpers/fixtures/offers';

/**
 * Issue 27: every amount that comes in is taken as a numeric string or a number ("60000" or
 * 60000), parsed exactly, and answered as pounds strings ("60000.00").
 */
const listingForm = (prices: Record<string, unknown>) => ({
  title: 'The Tidewater Accounts',
  author: 'Ines Mallory',
  category: 'Fiction',
  synopsis:
    'A bookkeeper on a tidal island finds that the ledgers of the drowned village still balance, and that someone keeps them.',
  targetAudience: 'Adult',
  publicationStatus: 'published',
  rightsAvailable: ['film'],
  territory: ['Worldwide'],
  exclusivity: 'exclusive',
  ...prices,
});

describe('[API CONVENTION] money in: a numeric string or a number, everywhere', () => {
  it('takes the listing form’s prices, the offer’s, the term sheet’s and the budget as text or number', () => {
    for (const [askingPrice, minimumDeal] of [
      ['60000', '45000.50'],
      [60000, 45000.5],
    ]) {
      const form = ListingFormSchema.parse(listingForm({ askingPrice, minimumDeal }));
      expect([form.askingPrice, form.minimumDeal]).toEqual([60000, 45000.5]);
    }
    const offer = { listingId: 1, optionPeriod: 12, deckFileUrl: '/api/offers/decks/x' };
    for (const offerPrice of ['25000', 25000]) {
      const parsed = CreateOfferRequestSchema.safeParse({ ...offer, offerPrice });
      expect(parsed.success && parsed.data.offerPricePence).toBe(2_500_000);
    }
    expect(
      CreateOfferRequestSchema.safeParse({ ...offer, offerPrice: 999 }).error?.message,
    ).toContain(OFFER_MESSAGES.offerPriceMinimum);
    const terms = TermSheetRequestSchema.parse({
      offerPrice: 30000,
      optionPeriod: 18,
      purchasePrice: 250000,
      extensionFee: '5000.50',
    });
    expect(terms).toMatchObject({
      pricePence: 3_000_000,
      purchasePricePence: 25_000_000,
      extensionFeePence: 500_050,
    });
    const budget = TasteProfileBodySchema.parse({
      genres: [],
      mediums: [],
      budgetMin: 50000,
      budgetMax: '250000',
    });
    expect([budget.budgetMin, budget.budgetMax]).toEqual(['50000', '250000']);
  });
});

describe('[MONEY] POST/PUT /api/listings with "askingPrice": "60000"', () => {
  let t: TestApp;
  let kit: OfferKit;
  let agent: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    kit = offerKit(t);
    agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    await kit.signIn(agent);
  }, 120_000);
  afterAll(() => t?.close());

  it('saves the listing and answers its prices as pounds strings', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/listings',
      cookie: kit.cookie(agent),
      payload: listingForm({ askingPrice: '60000', minimumDeal: '45000.50' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const updated = await t.request({
      method: 'PUT',
      url: `/api/listings/${id}`,
      cookie: kit.cookie(agent),
      payload: listingForm({ askingPrice: '75000.25', minimumDeal: 50000 }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const detail = await t.request({
      method: 'GET',
      url: `/api/listings/${id}`,
      cookie: kit.cookie(agent),
    });
    expect(detail.json()).toMatchObject({ askingPrice: '75000.25', minimumDeal: '50000.00' });
  });
});
