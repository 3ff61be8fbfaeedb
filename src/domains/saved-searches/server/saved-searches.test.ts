import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { enqueuePublishedListings, matchQueuedListings } from './match-saved-searches';
import { sendSavedSearchDigests } from './send-saved-search-digests';
import { unsubscribeToken } from './unsubscribe-token';

describe('[SAVED SEARCHES] saved searches alert their owner to new matching listings', () => {
  let t: TestApp;
  let producer: UserRow;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    producer = await createUser(t.db);
    cookie = await signIn(t, producer.id);
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not email a match taken off the market before the digest (issue 27)', async () => {
    const owner = await createUser(t.db);
    const ownerCookie = await signIn(t, owner.id);
    const since = new Date(Date.now() - 1000);
    const saved = await t.request({
      method: 'POST',
      url: '/api/saved-searches',
      cookie: ownerCookie,
      payload: { name: 'Quarry tales', query: { search: 'quarry' }, frequency: 'weekly' },
    });
    expect(saved.statusCode).toBe(201);
    const listing = await insertListing(t.db, { title: 'The Quarry Widow' });
    await enqueuePublishedListings(t.db, since);
    expect(await matchQueuedListings(t.db)).toBe(1);
    // Its agent is suspended before the digest goes (hideAgentListings withdraws it).
    await t.db.update(listings).set({ status: 'withdrawn' }).where(eq(listings.id, listing.id));
    await sendSavedSearchDigests(t.app);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(mails.map((mail) => mail.text).join('\n')).not.toContain('The Quarry Widow');
  });

  it('saves a search, matches a newly published listing, notifies and emails a digest', async () => {
    const since = new Date(Date.now() - 1000);
    const saved = await t.request({
      method: 'POST',
      url: '/api/saved-searches',
      cookie,
      payload: {
        name: 'Lighthouse thrillers',
        query: { search: 'lighthouse', genre: 'thriller' },
        frequency: 'immediate',
      },
    });
    expect(saved.statusCode).toBe(201);
    const search = saved.json();
    expect(search.query).toEqual({ search: 'lighthouse', genre: 'thriller' });

    const match = await insertListing(t.db, { title: 'The Lighthouse Keeper', genre: 'Thriller' });
    await insertListing(t.db, { title: 'The Lighthouse Cookbook', genre: 'Cookery' });
    await insertListing(t.db, {
      title: 'A Hidden Draft Lighthouse',
      genre: 'Thriller',
      status: 'draft',
    });
    expect(await enqueuePublishedListings(t.db, since)).toBe(2);
    expect(await matchQueuedListings(t.db)).toBe(1);
    // Matching again finds nothing new (the queue is empty; matches are kept once).
    await enqueuePublishedListings(t.db, since);
    expect(await matchQueuedListings(t.db)).toBe(0);

    const bell = await t.request({ method: 'GET', url: '/api/notifications', cookie });
    expect(bell.statusCode).toBe(200);
    expect(bell.json().unreadCount).toBe(1);
    const [notification] = bell.json().items;
    expect(notification).toMatchObject({
      kind: 'saved_search_match',
      title: 'New match for “Lighthouse thrillers”',
      body: 'The Lighthouse Keeper',
      url: `/listings/${match.id}`,
    });
    const read = await t.request({
      method: 'POST',
      url: `/api/notifications/${notification.id}/read`,
      cookie,
    });
    expect(read.statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/notifications', cookie })).json().unreadCount,
    ).toBe(0);

    expect(await sendSavedSearchDigests(t.app)).toBe(1);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, producer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('The Lighthouse Keeper');
    const token = unsubscribeToken(t.config.sessionSecret, search.id);
    expect(mails[0].text).toContain(`/api/saved-searches/unsubscribe?token=${token}`);
    // Sent once.
    expect(await sendSavedSearchDigests(t.app)).toBe(0);

    const unsubscribed = await t.request({
      method: 'GET',
      url: `/api/saved-searches/unsubscribe?token=${token}`,
    });
    expect(unsubscribed.statusCode).toBe(200);
    const list = await t.request({ method: 'GET', url: '/api/saved-searches', cookie });
    expect(list.json()[0].frequency).toBe('off');
    const bad = await t.request({
      method: 'GET',
      url: '/api/saved-searches/unsubscribe?token=nope',
    });
    expect(bad.statusCode).toBe(404);
  });

  it("keeps each person's saved searches and notifications to themselves", async () => {
    const other = await createUser(t.db);
    const otherCookie = await signIn(t, other.id);
    const [mine] = (await t.request({ method: 'GET', url: '/api/saved-searches', cookie })).json();
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/saved-searches/${mine.id}`,
      cookie: otherCookie,
      payload: { frequency: 'weekly' },
    });
    expect(patch.statusCode).toBe(404);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/saved-searches/${mine.id}`,
      cookie: otherCookie,
    });
    expect(del.statusCode).toBe(404);
    const [notification] = (
      await t.request({ method: 'GET', url: '/api/notifications', cookie })
    ).json().items;
    const read = await t.request({
      method: 'POST',
      url: `/api/notifications/${notification.id}/read`,
      cookie: otherCookie,
    });
    expect(read.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/saved-searches' })).statusCode).toBe(401);
    const own = await t.request({
      method: 'DELETE',
      url: `/api/saved-searches/${mine.id}`,
      cookie,
    });
    expect(own.statusCode).toBe(204);
  });

  it('answers an update with nothing to change with 400 saying what to send, for any id', async () => {
    const [mine] = (await t.request({ method: 'GET', url: '/api/saved-searches', cookie })).json();
    for (const url of [`/api/saved-searches/${mine?.id ?? 1}`, '/api/saved-searches/999999']) {
      const empty = await t.request({ method: 'PATCH', url, cookie, payload: {} });
      expect(empty.statusCode, url).toBe(400);
      expect(empty.json()).toMatchObject({
        code: 'VALIDATION',
        message: 'Send a new name or frequency for the saved search',
      });
    }
  });

  it('keeps "available for TV in Ireland" in a saved search and matches only titles with that cell free (issue 29)', async () => {
    const owner = await createUser(t.db);
    const ownerCookie = await signIn(t, owner.id);
    const since = new Date(Date.now() - 1000);
    const query = { search: 'marram', availableMedia: 'tv', availableTerritory: 'Ireland' };
    const saved = await t.request({
      method: 'POST',
      url: '/api/saved-searches',
      cookie: ownerCookie,
      payload: { name: 'Marram for TV in Ireland', query, frequency: 'weekly' },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().query).toEqual(query);
    const grid = { rightsAvailable: ['film', 'tv'], territory: ['UK', 'Ireland'] };
    const free = await insertListing(t.db, { title: 'Marram Shore', ...grid });
    await insertListing(t.db, { title: 'Marram Taken', ...grid, rightsTaken: ['tv|ireland'] });
    await insertListing(t.db, { title: 'Marram Film Only', rightsAvailable: ['film'] });
    await enqueuePublishedListings(t.db, since);
    await matchQueuedListings(t.db);
    const bell = await t.request({ method: 'GET', url: '/api/notifications', cookie: ownerCookie });
    expect(bell.json().items.map((item: { body: string }) => item.body)).toEqual([free.title]);
  });
});
