import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import {
  LISTING_FORM_MESSAGES as M,
  LISTING_SAVED_MESSAGES,
  type ListingFormInput,
} from '@/domains/listings/listing-form.schema';
import type { ListListingsResponse } from '@/domains/listings/listings.schema';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import {
  holdsOfOffer,
  ledgerOfOffer,
  offerKit,
  type OfferKit,
} from '../../../../tests/helpers/fixtures/offers';

/** A complete, valid agent form; tests change one field at a time. */
function validForm(overrides: Partial<ListingFormInput> = {}): ListingFormInput {
  return {
    title: 'The Lighthouse Keeper’s Daughter',
    author: 'Morwenna Price',
    contentType: 'book',
    category: 'Fiction',
    subcategory: 'Literary Fiction',
    synopsis:
      'On a Cornish rock in 1953, a keeper’s daughter finds the logbook her father burned, and with it the truth about the night the lifeboat did not come.',
    logline: 'A keeper’s daughter uncovers the night the lifeboat did not come.',
    targetAudience: 'Adult',
    publicationStatus: 'published',
    rightsAvailable: ['film', 'tv'],
    territory: ['Worldwide'],
    exclusivity: 'exclusive',
    askingPrice: 120000,
    minimumDeal: 60000,
    currency: 'GBP',
    royaltyPercentage: 2.5,
    themes: ['grief', 'the sea'],
    keywords: ['lighthouse'],
    ...overrides,
  };
}

describe('[AGENTS] listing IP: create, edit and delete', () => {
  let t: TestApp;
  let kit: OfferKit;
  let agent: UserRow;
  let otherAgent: UserRow;
  let pendingAgent: UserRow;
  let producer: UserRow;
  let admin: UserRow;

  const save = (user: UserRow, payload: unknown, id?: number) =>
    t.request({
      method: id ? 'PUT' : 'POST',
      url: id ? `/api/listings/${id}` : '/api/listings',
      cookie: kit.cookie(user),
      payload: payload as Record<string, unknown>,
    });
  const remove = (user: UserRow, id: number) =>
    t.request({ method: 'DELETE', url: `/api/listings/${id}`, cookie: kit.cookie(user) });
  const search = async (user: UserRow, text: string) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/listings?search=${encodeURIComponent(text)}`,
        cookie: kit.cookie(user),
      })
    ).json<ListListingsResponse>();

  beforeAll(async () => {
    t = await createTestApp();
    kit = offerKit(t);
    agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    otherAgent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
    pendingAgent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'pending' });
    producer = await createUser(t.db, { role: 'producer', membershipTier: 'premium' });
    admin = await createUser(t.db, { role: 'admin' });
    await kit.signIn(agent, otherAgent, pendingAgent, producer, admin);
  }, 120_000);
  afterAll(() => t?.close());

  it('publishes an approved agent’s listing at once: searchable, with its price range', async () => {
    const created = await save(agent, validForm({ title: 'Quayside Ledger' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'available',
      message: LISTING_SAVED_MESSAGES.created,
      notices: [],
    });
    const found = await search(producer, 'Quayside');
    expect(found.items.map((item) => item.title)).toEqual(['Quayside Ledger']);
    expect(found.items[0]).toMatchObject({
      medium: 'book',
      suggestedOfferMin: '60000.00',
      suggestedOfferMax: '120000.00',
      coverImageUrl: `/images/covers/${created.json().id}.svg`,
    });
  });

  it('keeps a pending agent’s listing as a draft nobody else can find, and says why', async () => {
    const created = await save(pendingAgent, validForm({ title: 'Unapproved Harbour' }));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      status: 'draft',
      notices: [LISTING_SAVED_MESSAGES.pendingAgent],
    });
    const id = created.json().id as number;
    expect((await search(producer, 'Unapproved')).total).toBe(0);
    const asProducer = await t.request({
      method: 'GET',
      url: `/api/listings/${id}`,
      cookie: kit.cookie(producer),
    });
    expect(asProducer.statusCode).toBe(404);
    const asOwner = await t.request({
      method: 'GET',
      url: `/api/listings/${id}`,
      cookie: kit.cookie(pendingAgent),
    });
    expect(asOwner.statusCode).toBe(200);
  });

  it('refuses producers, and another agent’s listing (403); admins may edit any', async () => {
    expect((await save(producer, validForm())).statusCode).toBe(403);
    const created = await save(agent, validForm({ title: 'Owned Elsewhere' }));
    const id = created.json().id as number;
    const byOther = await save(otherAgent, validForm({ title: 'Hijacked' }), id);
    expect(byOther.statusCode).toBe(403);
    expect((await remove(otherAgent, id)).statusCode).toBe(403);
    // The agent reads back their private notes; nobody else does.
    await save(agent, validForm({ title: 'Owned Elsewhere', agentNotes: 'Sequel due in May' }), id);
    const read = (user: UserRow) =>
      t.request({ method: 'GET', url: `/api/listings/${id}`, cookie: kit.cookie(user) });
    expect((await read(agent)).json().agentNotes).toBe('Sequel due in May');
    expect((await read(producer)).json()).not.toHaveProperty('agentNotes');
    expect((await read(admin)).json()).not.toHaveProperty('agentNotes');
    const byAdmin = await save(admin, validForm({ title: 'Owned Elsewhere (revised)' }), id);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((await read(agent)).json().agentNotes).toBe('Sequel due in May');
    expect(byAdmin.json().message).toBe(LISTING_SAVED_MESSAGES.updated);
    expect((await search(producer, 'Hijacked')).total).toBe(0);
    expect((await search(producer, 'revised')).total).toBe(1);
  });

  it('checks every field with the spec’s message, and changes nothing', async () => {
    const cases: Array<[Partial<ListingFormInput>, string, string]> = [
      [{ title: '' }, 'title', M.titleRequired],
      [{ title: 'x'.repeat(201) }, 'title', M.titleMax],
      [{ author: '   ' }, 'author', M.authorRequired],
      [{ author: 'a'.repeat(101) }, 'author', M.authorMax],
      [{ synopsis: 'Too short to pitch.' }, 'synopsis', M.synopsisMin],
      [{ synopsis: 's'.repeat(2001) }, 'synopsis', M.synopsisMax],
      [{ logline: 'l'.repeat(301) }, 'logline', M.loglineMax],
      [{ authorBio: 'b'.repeat(1001) }, 'authorBio', M.authorBioMax],
      [{ agentNotes: 'n'.repeat(501) }, 'agentNotes', M.agentNotesMax],
      [{ pageCount: 0 }, 'pageCount', M.countMin],
      [{ wordCount: -5 }, 'wordCount', M.countMin],
      [{ askingPrice: 0 }, 'askingPrice', M.askingPriceMin],
      [{ minimumDeal: 0 }, 'minimumDeal', M.minimumDealMin],
      [{ askingPrice: 25_000_000 }, 'askingPrice', M.priceMax],
      [{ askingPrice: 1000.005 }, 'askingPrice', 'Use at most two decimal places'],
      [{ pageCount: 3_000_000_000 }, 'pageCount', M.countMax],
      [{ minimumDeal: 200000 }, 'minimumDeal', M.minimumAboveAsking],
      [{ royaltyPercentage: 100.5 }, 'royaltyPercentage', M.royaltyRange],
      [{ royaltyPercentage: 2.55 }, 'royaltyPercentage', M.royaltyStep],
      [{ rightsAvailable: [] }, 'rightsAvailable', M.rightsRequired],
      [{ territory: [] }, 'territory', M.territoryRequired],
      [{ category: '' }, 'category', M.categoryRequired],
      [{ targetAudience: '' }, 'targetAudience', M.targetAudienceRequired],
      [{ themes: ['grief', 'Grief'] }, 'themes.1', M.chipDuplicate],
      [{ keywords: ['  '] }, 'keywords.0', M.chipEmpty],
      [{ title: 'Null\u0000Byte' }, 'title', 'Must not contain control characters'],
    ];
    const before = await search(admin, 'Lighthouse');
    for (const [change, field, message] of cases) {
      const response = await save(agent, validForm(change));
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const body = response.json<{ code: string; fields?: Record<string, string> }>();
      expect(body.code).toBe('VALIDATION');
      expect(JSON.stringify(body), field).toContain(message);
    }
    expect((await search(admin, 'Lighthouse')).total).toBe(before.total);
  });

  it('keeps the gallery in order, takes only our images, at most 12, and leaves it alone when absent', async () => {
    const uploaded = (n: number) => `/uploads/listing-images/0000000${n}-aaaa-bbbb.webp`;
    const created = await save(
      agent,
      validForm({ title: 'Gallery Test', galleryImages: [uploaded(1), uploaded(2)] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const detail = async () =>
      (
        await t.request({ method: 'GET', url: `/api/listings/${id}`, cookie: kit.cookie(agent) })
      ).json<{
        galleryImages: string[];
      }>();
    expect((await detail()).galleryImages).toEqual([uploaded(1), uploaded(2)]);

    const foreign = await save(
      agent,
      validForm({ galleryImages: ['https://evil.example/x.png'] }),
      id,
    );
    expect(foreign.statusCode).toBe(400);
    expect(Object.values(foreign.json().fields)).toContain(
      'Upload gallery images through the form',
    );
    const tooMany = await save(
      agent,
      validForm({ galleryImages: Array.from({ length: 13 }, (_, n) => uploaded(n)) }),
      id,
    );
    expect(tooMany.json().fields.galleryImages).toBe(M.galleryMax);
    expect((await detail()).galleryImages).toEqual([uploaded(1), uploaded(2)]);

    // An edit without the field keeps the gallery; with it, the order given wins.
    expect((await save(agent, validForm({ title: 'Gallery Test 2' }), id)).statusCode).toBe(200);
    expect((await detail()).galleryImages).toEqual([uploaded(1), uploaded(2)]);
    expect((await save(agent, validForm({ galleryImages: [uploaded(2)] }), id)).statusCode).toBe(
      200,
    );
    expect((await detail()).galleryImages).toEqual([uploaded(2)]);
  });

  it('deletes a listing without offers', async () => {
    const created = await save(agent, validForm({ title: 'Short Lived Tide' }));
    const id = created.json().id as number;
    const deleted = await remove(agent, id);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      message: LISTING_SAVED_MESSAGES.deleted,
      outcome: 'deleted',
      releasedHolds: 0,
    });
    expect((await search(producer, 'Short Lived')).total).toBe(0);
    expect((await remove(agent, id)).statusCode).toBe(404);
  });

  it('releases the holds of open offers (ledgered) before deleting', async () => {
    const id = (await save(agent, validForm({ title: 'Held Then Gone' }))).json().id as number;
    const offer = await kit.pendingOffer(producer, id);
    const deleted = await remove(agent, id);
    expect(deleted.json()).toMatchObject({ outcome: 'deleted', releasedHolds: 1 });
    const holds = await holdsOfOffer(t.db, offer.id);
    expect(holds.map((hold) => hold.status)).toEqual(['canceled']);
    const ledger = await ledgerOfOffer(t.db, offer.id);
    expect(ledger.some((row) => row.operation === 'release' && row.outcome === 'succeeded')).toBe(
      true,
    );
  });

  it('keeps a listing with an accepted offer, withdrawn, and releases the other holds', async () => {
    const id = (await save(agent, validForm({ title: 'Accepted Shore' }))).json().id as number;
    const winner = await kit.pendingOffer(producer, id);
    const secondProducer = await createUser(t.db, { role: 'producer', membershipTier: 'premium' });
    await kit.signIn(secondProducer);
    expect((await kit.decide(agent, winner.id, 'accept')).statusCode).toBe(200);
    const deleted = await remove(agent, id);
    expect(deleted.json()).toMatchObject({ outcome: 'withdrawn' });
    const asOwner = await t.request({
      method: 'GET',
      url: `/api/listings/${id}`,
      cookie: kit.cookie(agent),
    });
    expect(asOwner.json()).toMatchObject({ status: 'withdrawn' });
    expect((await search(producer, 'Accepted Shore')).total).toBe(0);
  });

  it('follows the rights grid when the agent adds or removes a territory (issue 29)', async () => {
    const form = validForm({ title: 'Grid Harbour', rightsAvailable: ['film'], territory: ['UK'] });
    const id = (await save(agent, form)).json().id as number;
    const offer = await kit.pendingOffer(producer, id, { media: ['film'], territories: ['UK'] });
    expect((await kit.decide(agent, offer.id, 'accept')).statusCode).toBe(200);
    const statusOf = async () =>
      (
        await t.request({ method: 'GET', url: `/api/listings/${id}`, cookie: kit.cookie(agent) })
      ).json<{ status: string }>().status;
    expect(await statusOf()).toBe('optioned');
    // Ireland added: Film in Ireland is free, so the listing is on offer again.
    const widened = await save(agent, { ...form, territory: ['UK', 'Ireland'] }, id);
    expect(widened.json()).toMatchObject({ status: 'available' });
    // Ireland removed again: the only cell left is under option.
    const narrowed = await save(agent, form, id);
    expect(narrowed.json()).toMatchObject({ status: 'optioned' });
    expect(await statusOf()).toBe('optioned');
  });
});
