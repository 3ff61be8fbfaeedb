import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Right } from '@/domains/listings/listings.constants';
import { listings } from '@/domains/listings/server/listings.tables';
import { localPaymentIntents, paymentLedger } from '@/domains/payments/server/payments.tables';
import { rightsGrantCells } from '@/domains/rights/server/rights.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { offers } from './offers.tables';

/**
 * Issue 29's race: acceptances of parts of one listing, all at once. On PGlite they queue on
 * one connection; on PostgreSQL (TEST_DATABASE_URL) they truly run together, and the listing's
 * row lock plus the unique index on live cells keep any two deals from overlapping.
 */
let t: TestApp;
let kit: OfferKit;
let agent: UserRow;

const MEDIA: Right[] = ['film', 'tv', 'stage', 'radio'];
const TERRITORIES = ['UK', 'Ireland', 'France'];

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t, { offerPrice: '20000', optionPeriod: 12 });
  agent = await createUser(t.db, { role: 'agent' });
  await kit.signIn(agent);
}, 120_000);

afterAll(async () => {
  await t.close();
});

const newListing = () =>
  insertListing(t.db, {
    agentId: agent.id,
    title: 'The Tidewater Quartet',
    rightsAvailable: MEDIA,
    territory: TERRITORIES,
  });

/** One pending offer per part, each from a producer of its own, ten at a time. */
async function pendingOffers(
  listingId: number,
  parts: { media: Right[]; territories: string[] }[],
) {
  const producers = await Promise.all(parts.map(() => createUser(t.db, { role: 'producer' })));
  await kit.signIn(...producers);
  const ids: number[] = [];
  for (let i = 0; i < parts.length; i += 10) {
    const batch = parts
      .slice(i, i + 10)
      .map((part, j) =>
        kit.pendingOffer(producers[i + j], listingId, part).then((offer) => offer.id),
      );
    ids.push(...(await Promise.all(batch)));
  }
  return ids;
}

/** The captures the ledger and the provider hold for these offers. */
async function capturesOf(offerIds: number[]) {
  const ledger = await t.db
    .select()
    .from(paymentLedger)
    .where(
      and(
        eq(paymentLedger.operation, 'capture'),
        inArray(
          paymentLedger.subject,
          offerIds.map((id) => `offer:${id}`),
        ),
      ),
    );
  const intents = await t.db.select().from(localPaymentIntents);
  const captured = intents.filter(
    (intent) =>
      intent.status === 'succeeded' && offerIds.map(String).includes(intent.metadata.offerId ?? ''),
  );
  return { ledger, captured };
}

describe('[DEALS] concurrent acceptances of parts of one listing (issue 29)', () => {
  it('20 acceptances of overlapping parts: exactly one wins, 19 are told which cells are taken', async () => {
    const listing = await newListing();
    // Every part holds Film in the UK, plus a different set of other cells.
    const parts = Array.from({ length: 20 }, (_, i) => ({
      media: ['film', ...MEDIA.slice(1).filter((_, k) => (i >> k) & 1)] as Right[],
      territories: ['UK', ...TERRITORIES.slice(1).filter((_, k) => (i >> (k + 3)) & 1)],
    }));
    const offerIds = await pendingOffers(listing.id, parts);

    const answers = await Promise.all(offerIds.map((id) => kit.decide(agent, id, 'accept')));
    const won = offerIds.filter((_, i) => answers[i].statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const answer of refused) {
      expect(answer.json().message).toMatch(/^These rights are already optioned: .*Film in UK/);
      expect(answer.json().details.takenCells).toContainEqual({ media: 'film', territory: 'UK' });
    }

    const rows = await t.db.select().from(offers).where(inArray(offers.id, offerIds));
    expect(rows.filter((row) => row.status === 'accepted').map((row) => row.id)).toEqual(won);
    expect(rows.filter((row) => row.status === 'rejected')).toHaveLength(19);
    const { ledger, captured } = await capturesOf(offerIds);
    expect(ledger.map((row) => [row.subject, row.outcome])).toEqual([
      [`offer:${won[0]}`, 'succeeded'],
    ]);
    expect(captured.map((intent) => intent.metadata.offerId)).toEqual([String(won[0])]);
    const cells = await t.db
      .select()
      .from(rightsGrantCells)
      .where(and(eq(rightsGrantCells.listingId, listing.id), eq(rightsGrantCells.live, true)));
    const winnerPart = parts[offerIds.indexOf(won[0])];
    expect(cells).toHaveLength(winnerPart.media.length * winnerPart.territories.length);
  }, 180_000);

  it('acceptances of disjoint parts all win, each captured once, and the grid is taken', async () => {
    const listing = await newListing();
    // Eight disjoint parts cover the 4 × 3 grid exactly.
    const parts = MEDIA.flatMap((media) => [
      { media: [media], territories: ['UK', 'Ireland'] },
      { media: [media], territories: ['France'] },
    ]);
    const offerIds = await pendingOffers(listing.id, parts);

    const answers = await Promise.all(offerIds.map((id) => kit.decide(agent, id, 'accept')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(offerIds.map(() => 200));

    const rows = await t.db.select().from(offers).where(inArray(offers.id, offerIds));
    expect(rows.every((row) => row.status === 'accepted')).toBe(true);
    const { ledger, captured } = await capturesOf(offerIds);
    expect(ledger.map((row) => row.subject).sort()).toEqual(
      offerIds.map((id) => `offer:${id}`).sort(),
    );
    expect(ledger.every((row) => row.outcome === 'succeeded')).toBe(true);
    expect(captured).toHaveLength(offerIds.length);
    const [after] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(after.status).toBe('optioned');
    expect(after.rightsTaken).toHaveLength(MEDIA.length * TERRITORIES.length);
  }, 180_000);
});
