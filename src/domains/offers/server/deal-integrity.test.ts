import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { notifications } from '@/domains/notifications/server/notifications.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { holdsOfOffer, offerKit, type OfferKit } from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import type {
  MySubmissionsResponse,
  NegotiationResponse,
  Offer,
  OfferTermsResponse,
} from '../offers.schema';
import { offerTerms, offers } from './offers.tables';
import { expireOfferDeadlines } from './process-offer-deadlines';

let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let producer: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t, { offerPrice: '40000', optionPeriod: 12 });
  agent = await createUser(t.db, { role: 'agent' });
  producer = await createUser(t.db, { role: 'producer' });
  await kit.signIn(agent, producer);
}, 120_000);

afterAll(async () => {
  await t.close();
});

/** The listing: Film and TV, in the UK and Ireland, exclusively. */
const filmAndTvListing = (title = 'The Salt Road') =>
  insertListing(t.db, {
    agentId: agent.id,
    title,
    author: 'Mara Quill',
    rightsAvailable: ['film', 'tv'],
    territory: ['UK', 'Ireland'],
    exclusivity: 'exclusive',
  });

const post = (user: UserRow, url: string, payload?: Record<string, unknown>) =>
  t.request({ method: 'POST', url, cookie: kit.cookie(user), payload });

const get = (user: UserRow, url: string) =>
  t.request({ method: 'GET', url, cookie: kit.cookie(user) });

const NOTE =
  'Happy at 18 months if the fee moves to £50k; purchase price at 1.5% of budget, floor £450k.';

/** The agent's counter of the issue: £50,000, 18 months, 1.5% of budget with a £450,000 floor. */
const COUNTER = {
  offerPrice: '50000',
  optionPeriod: 18,
  purchasePricePercent: '1.5',
  purchasePriceFloor: '450000',
  extensionMonths: 6,
  extensionFee: '5000',
  credit: 'Based on the novel by Mara Quill',
  notes: NOTE,
};

/** The text a person reads in a PDF: every page, whitespace collapsed. */
async function pdfText(bytes: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function offerOf(user: UserRow, offerId: number): Promise<Offer> {
  const mine = await get(user, '/api/offers/my-submissions');
  return mine.json<MySubmissionsResponse>().offers.find((offer) => offer.id === offerId)!;
}

/** A pending £40,000 offer the agent countered (with the note), the producer's turn. */
async function counteredDeal(title?: string) {
  const listing = await filmAndTvListing(title);
  const offer = await kit.pendingOffer(producer, listing.id);
  const countered = await post(agent, `/api/offers/${offer.id}/counter`, COUNTER);
  expect(countered.statusCode).toBe(200);
  return { listing, offerId: offer.id };
}

/** The producer accepts the counter and authorises the new £50,000 hold. */
async function acceptCounter(offerId: number) {
  const accepted = await post(producer, `/api/offers/${offerId}/accept-counter`);
  expect(accepted.statusCode).toBe(200);
  const { clientSecret } = accepted.json<NegotiationResponse>();
  expect(clientSecret).toBeTruthy();
  expect((await kit.confirmCard(producer, clientSecret!)).statusCode).toBe(200);
}

const sign = (who: UserRow, offerId: number) =>
  post(who, `/api/offers/${offerId}/agreement/sign`, {
    fullName: `${who.firstName} ${who.lastName}`,
    consent: true,
  });

describe('[DEALS] terms as data, within what the listing offers', () => {
  it('version 1 carries the listing’s own rights, and the counter its structured terms', async () => {
    const listing = await filmAndTvListing();
    const offer = await kit.pendingOffer(producer, listing.id);
    expect((await offerOf(producer, offer.id)).terms).toMatchObject({
      version: 1,
      media: ['film', 'tv'],
      territories: ['UK', 'Ireland'],
      exclusivity: 'exclusive',
      offerPrice: '40000.00',
    });
    const countered = await post(agent, `/api/offers/${offer.id}/counter`, {
      ...COUNTER,
      territories: ['uk'],
    });
    expect(countered.statusCode).toBe(200);
    // Every screen reads the terms as they stand: the counter's fee, not the £40,000 held.
    expect(countered.json<NegotiationResponse>().offer).toMatchObject({
      status: 'countered',
      heldAmount: '40000.00',
      terms: {
        version: 2,
        proposedBy: 'agent',
        offerPrice: '50000.00',
        optionPeriod: 18,
        purchasePricePercent: '1.50',
        purchasePriceFloor: '450000.00',
        media: ['film', 'tv'],
        territories: ['UK'],
      },
    });
    // The note is a message of the thread, not a term.
    const history = (
      await get(producer, `/api/offers/${offer.id}/terms`)
    ).json<OfferTermsResponse>();
    expect(history.versions[1].notes).toBe(NOTE);
    expect(history.versions[1].changes.map((change) => change.label)).not.toContain('Notes');
  });

  it('a counter asking for rights the listing does not offer is refused, naming the term, and changes nothing', async () => {
    const listing = await filmAndTvListing();
    const offer = await kit.pendingOffer(producer, listing.id);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ media: ['film', 'stage'] }, 'media', /^Media: this listing does not offer Stage rights/],
      [
        { territories: ['UK', 'France'] },
        'territories',
        /^Territories: this listing is not offered in France/,
      ],
      [{ media: ['worldwide'] }, 'media', /^Media must be among film, tv/],
    ];
    for (const [terms, field, message] of cases) {
      const refused = await post(agent, `/api/offers/${offer.id}/counter`, {
        ...COUNTER,
        ...terms,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(message);
      // The field named: 'media', or the item of it ('media.0') for a value not in the spec.
      expect(Object.keys(refused.json().fields ?? {}).join(' ')).toMatch(new RegExp(`^${field}`));
    }
    const nonExclusive = await insertListing(t.db, {
      agentId: agent.id,
      rightsAvailable: ['film'],
      territory: ['UK'],
      exclusivity: 'non-exclusive',
    });
    const other = await kit.pendingOffer(producer, nonExclusive.id);
    const exclusive = await post(agent, `/api/offers/${other.id}/counter`, {
      ...COUNTER,
      exclusivity: 'exclusive',
    });
    expect(exclusive.statusCode).toBe(400);
    expect(exclusive.json().message).toMatch(/^Exclusivity: this listing offers non-exclusive/);
    const stored = await t.db
      .select()
      .from(offerTerms)
      .where(inArray(offerTerms.offerId, [offer.id, other.id]));
    // Only each offer's own version 1, stored with its part at creation (issue 29).
    expect(stored.map((row) => [row.offerId, row.version])).toEqual([
      [offer.id, 1],
      [other.id, 1],
    ]);
    expect((await offerOf(producer, offer.id)).status).toBe('pending');
  });

  it('the producer cannot counter back for more than the listing offers either', async () => {
    const { offerId } = await counteredDeal();
    const refused = await post(producer, `/api/offers/${offerId}/counter`, {
      ...COUNTER,
      offerPrice: '45000',
      media: ['film', 'tv', 'merchandising'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^Media: this listing does not offer Merchandising/);
    expect((await offerOf(producer, offerId)).status).toBe('countered');
  });
});

describe('[DEALS] accepting the agent’s counter completes the deal', () => {
  it('at the held price: captured at once, no second acceptance by the agent', async () => {
    const listing = await filmAndTvListing();
    const offer = await kit.pendingOffer(producer, listing.id);
    await post(agent, `/api/offers/${offer.id}/counter`, { ...COUNTER, offerPrice: '40000' });
    const accepted = await post(producer, `/api/offers/${offer.id}/accept-counter`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<NegotiationResponse>()).toMatchObject({
      clientSecret: null,
      offer: { status: 'accepted', offerPrice: '40000.00', terms: { kind: 'accepted_counter' } },
    });
    expect((await holdsOfOffer(t.db, offer.id)).map((hold) => hold.status)).toEqual(['succeeded']);
    // Nothing left for the agent to accept, and the accepted offer cannot be countered.
    expect((await kit.decide(agent, offer.id, 'accept')).statusCode).toBe(409);
    expect((await post(agent, `/api/offers/${offer.id}/counter`, COUNTER)).statusCode).toBe(409);
  });

  it('My Submissions counts every state, a countered offer included', async () => {
    const someone = await createUser(t.db, { role: 'producer' });
    await kit.signIn(someone);
    const listing = await filmAndTvListing();
    const offer = await kit.pendingOffer(someone, listing.id);
    await post(agent, `/api/offers/${offer.id}/counter`, COUNTER);
    const mine = (await get(someone, '/api/offers/my-submissions')).json<MySubmissionsResponse>();
    expect(mine.counts).toEqual({ total: 1, pending: 1, accepted: 0, rejected: 0, closed: 0 });
    const { total, ...buckets } = mine.counts;
    expect(Object.values(buckets).reduce((sum, count) => sum + count, 0)).toBe(total);
  });
});

describe('[DEALS] the agreement says exactly what was agreed', () => {
  it('the issued and the signed PDF state every agreed term, and never the note', async () => {
    const { offerId } = await counteredDeal('The Glass Orchard');
    await acceptCounter(offerId);
    const offer = await offerOf(producer, offerId);
    expect(offer).toMatchObject({ status: 'accepted', offerPrice: '50000.00' });
    expect(offer.signedOptionUrl).toBe(`/api/offers/${offerId}/agreement`);

    const issued = (await get(producer, `/api/offers/${offerId}/agreement`)).rawPayload;
    expect((await sign(producer, offerId)).statusCode).toBe(200);
    expect((await sign(agent, offerId)).statusCode).toBe(200);
    const signed = (await get(agent, `/api/offers/${offerId}/agreement`)).rawPayload;
    expect(signed.equals(issued)).toBe(false);

    for (const bytes of [issued, signed]) {
      const text = await pdfText(bytes);
      // The schedule of terms, one row per term of the agreed version (v3, accepted_counter).
      for (const row of [
        'Option fee £50,000.00',
        'Option period 18 months',
        'Purchase price 1.5% of the production budget (floor £450,000.00)',
        'Extension 6 months for £5,000.00',
        'Media Film, TV',
        'Territories UK, Ireland',
        'Exclusivity Exclusive',
        'Credit Based on the novel by Mara Quill',
      ]) {
        expect(text).toContain(row);
      }
      expect(text).toContain('Agreement no. PTS-' + offerId + '-v3');
      expect(text).toContain('"The Glass Orchard" by Mara Quill');
      expect(text).toMatch(/Page 1 of \d/);
      expect(text).toContain(`Name: ${agent.firstName} ${agent.lastName}`);
      expect(text).toContain(`Name: ${producer.firstName} ${producer.lastName}`);
      // Never what the agreement used to invent, nor the message sent with the counter.
      expect(text).not.toContain('Worldwide');
      expect(text).not.toContain('All media');
      expect(text).not.toContain('Happy at 18 months');
    }
    expect(await pdfText(signed)).toContain('AUDIT TRAIL');
  });
});

describe('[DEALS] every deal event reaches the right party, by bell and email, once', () => {
  async function bellOf(user: UserRow) {
    return t.db
      .select({ kind: notifications.kind, url: notifications.url, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, user.id));
  }
  const kindsOf = (rows: { kind: string }[]) => rows.map((row) => row.kind).sort();

  it('offer, counter, acceptance, new hold, agreement, signatures, seal; rejection; expiry', async () => {
    const seller = await createUser(t.db, { role: 'agent' });
    const buyer = await createUser(t.db, { role: 'producer' });
    await kit.signIn(seller, buyer);
    const listing = await insertListing(t.db, {
      agentId: seller.id,
      title: 'The Lantern Year',
      rightsAvailable: ['film', 'tv'],
      territory: ['UK', 'Ireland'],
    });
    const offer = await kit.pendingOffer(buyer, listing.id);
    expect((await post(seller, `/api/offers/${offer.id}/counter`, COUNTER)).statusCode).toBe(200);
    const accepted = await post(buyer, `/api/offers/${offer.id}/accept-counter`);
    await kit.confirmCard(buyer, accepted.json<NegotiationResponse>().clientSecret!);
    expect((await sign(buyer, offer.id)).statusCode).toBe(200);
    expect((await sign(seller, offer.id)).statusCode).toBe(200);

    // A second offer the agent rejects; a third that expires.
    const second = await kit.pendingOffer(
      buyer,
      (await insertListing(t.db, { agentId: seller.id })).id,
    );
    expect((await kit.decide(seller, second.id, 'reject')).statusCode).toBe(200);
    const third = await kit.pendingOffer(
      buyer,
      (await insertListing(t.db, { agentId: seller.id })).id,
    );
    await t.db
      .update(offers)
      .set({ responseDeadline: new Date(Date.now() - 1000) })
      .where(eq(offers.id, third.id));
    await expireOfferDeadlines(t.app);
    await expireOfferDeadlines(t.app);

    const sellerBell = await bellOf(seller);
    const buyerBell = await bellOf(buyer);
    expect(kindsOf(sellerBell)).toEqual(
      [
        'deal_offer_received',
        'deal_offer_received',
        'deal_offer_received',
        'deal_counter_accepted',
        'deal_agreement_ready',
        'deal_signed_by_other',
        'deal_sealed',
      ].sort(),
    );
    expect(kindsOf(buyerBell)).toEqual(
      [
        'deal_countered',
        'deal_hold_reauthorised',
        'deal_accepted',
        'deal_agreement_ready',
        'deal_sealed',
        'deal_rejected',
        'deal_hold_released',
      ].sort(),
    );
    // Each links to the deal, on that party's own screen.
    for (const row of sellerBell)
      expect(row.url).toMatch(/^\/agent-dashboard\?tab=submissions#offer-\d+$/);
    for (const row of buyerBell) expect(row.url).toMatch(/^\/my-submissions#offer-\d+$/);
    expect(buyerBell.find((row) => row.kind === 'deal_accepted')?.url).toBe(
      `/my-submissions#offer-${offer.id}`,
    );
    expect(buyerBell.find((row) => row.kind === 'deal_countered')?.title).toContain('£50,000.00');

    // And by email, once each (the seal's email is the signed PDF itself).
    const mails = async (user: UserRow) =>
      (
        await t.db
          .select({ subject: mailOutbox.subject })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, user.email)))
      ).map((row) => row.subject);
    const sellerMail = await mails(seller);
    const buyerMail = await mails(buyer);
    const once = (subjects: string[], wanted: string) =>
      expect(
        subjects.filter((subject) => subject === wanted),
        wanted,
      ).toHaveLength(1);
    once(sellerMail, 'Your counter on The Lantern Year was accepted');
    once(sellerMail, 'Your option agreement for The Lantern Year is ready to sign');
    once(sellerMail, 'The option agreement for The Lantern Year was signed by the other party');
    once(sellerMail, 'Your signed option agreement for The Lantern Year');
    once(buyerMail, 'Counter-offer on The Lantern Year');
    once(buyerMail, 'Your new card hold on The Lantern Year is authorised');
    once(buyerMail, 'Your offer on The Lantern Year was accepted');
    once(buyerMail, 'Your option agreement for The Lantern Year is ready to sign');
    once(buyerMail, 'Your signed option agreement for The Lantern Year');
    expect(sellerMail.filter((subject) => subject.startsWith('New offer on'))).toHaveLength(3);
    expect(buyerMail.filter((subject) => subject.endsWith('was rejected'))).toHaveLength(1);
    expect(buyerMail.filter((subject) => subject.endsWith('has expired'))).toHaveLength(1);
    // The producer signed first: only the agent is told "signed by the other party".
    expect(buyerMail).not.toContain(
      'The option agreement for The Lantern Year was signed by the other party',
    );
  });
});
