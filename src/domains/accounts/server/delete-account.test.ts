import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { reconcileOffers } from '@/domains/offers/server';
import { offers } from '@/domains/offers/server/offers.tables';
import { paymentLedger } from '@/domains/payments/server/payments.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { sessions } from '@/server/plugins/session.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  holdsOfOffer,
  ledgerOfOffer,
  offerKit,
  providerTimeout,
  type OfferKit,
} from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, login, type TestApp } from '../../../../tests/helpers/test-app';
import { users, type UserRow } from './accounts.tables';
import { deletedEmail } from './delete-account';

let t: TestApp;
let kit: OfferKit;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t);
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await t.close();
});

async function signedIn(role: 'producer' | 'agent'): Promise<UserRow & { password: string }> {
  const user = await createUser(t.db, { role, firstName: role === 'agent' ? 'Ada' : 'Pip' });
  await kit.signIn(user);
  return user;
}

const deleteAccount = (user: UserRow) =>
  t.request({ method: 'DELETE', url: '/api/auth/account', cookie: kit.cookie(user) });

async function userRow(userId: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row;
}

async function offerRow(offerId: number) {
  const [row] = await t.db.select().from(offers).where(eq(offers.id, offerId));
  return row;
}

const holdsOf = (offerId: number) => holdsOfOffer(t.db, offerId);

const ledgerOf = (offerId: number) => ledgerOfOffer(t.db, offerId);

const timeout = providerTimeout;

describe('[ACCOUNTS] deleting an account never orphans money', () => {
  it('releases every open hold of a producer through the provider, ledgered, before the offers go', async () => {
    const agent = await signedIn('agent');
    const producer = await signedIn('producer');
    const pending = await kit.pendingOffer(
      producer,
      (await insertListing(t.db, { agentId: agent.id })).id,
    );
    const unpaid = (
      await kit.submit(
        producer,
        await kit.offerBody(producer, (await insertListing(t.db, { agentId: agent.id })).id),
      )
    ).json<{ offer: { id: number } }>().offer;
    expect((await holdsOf(pending.id))[0].status).toBe('requires_capture');

    const answer = await deleteAccount(producer);
    expect(answer.statusCode, answer.body).toBe(200);

    for (const offerId of [pending.id, unpaid.id]) {
      const holds = await holdsOf(offerId);
      expect(holds).toHaveLength(1);
      expect(holds[0].status).toBe('canceled');
      const release = (await ledgerOf(offerId)).find((row) => row.operation === 'release');
      expect(release).toMatchObject({
        outcome: 'succeeded',
        idempotencyKey: `offer:${offerId}:hold:1:release`,
        providerPaymentId: holds[0].id,
      });
      // No accepted offer kept them: the producer's offers are gone with the account.
      expect(await offerRow(offerId)).toBeUndefined();
    }
    expect(await userRow(producer.id)).toBeUndefined();
  });

  it('keeps an accepted offer and its capture with the producer anonymised, and erases the rest', async () => {
    const agent = await signedIn('agent');
    const producer = await signedIn('producer');
    const listing = await insertListing(t.db, { agentId: agent.id, title: 'Harbour Lights' });
    const offer = await kit.pendingOffer(producer, listing.id);
    expect((await kit.decide(agent, offer.id, 'accept')).statusCode).toBe(200);
    const favourite = await t.request({
      method: 'POST',
      url: `/api/favorites/${listing.id}`,
      cookie: kit.cookie(producer),
    });
    expect(favourite.statusCode).toBe(200);

    expect((await deleteAccount(producer)).statusCode).toBe(200);

    const kept = await offerRow(offer.id);
    expect(kept).toMatchObject({ status: 'accepted', producerId: producer.id });
    expect((await holdsOf(offer.id))[0].status).toBe('succeeded');
    const capture = (await ledgerOf(offer.id)).find((row) => row.operation === 'capture');
    expect(capture).toMatchObject({ outcome: 'succeeded', userId: producer.id });

    const person = await userRow(producer.id);
    expect(person).toMatchObject({
      email: deletedEmail(producer.id),
      firstName: 'Deleted',
      lastName: 'user',
      username: null,
      companyName: null,
      phoneNumber: null,
    });
    expect(person.deletedAt).not.toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, producer.id))).toHaveLength(
      0,
    );
    expect(
      await t.db.select().from(favourites).where(eq(favourites.userId, producer.id)),
    ).toHaveLength(0);
    await expect(login(t, producer.email, producer.password)).rejects.toThrow(/401/);

    // The agent still reads the accepted offer, from a producer who is no longer named.
    const agentView = await t.request({
      method: 'GET',
      url: `/api/offers/${offer.id}`,
      cookie: kit.cookie(agent),
    });
    expect(agentView.json()).toMatchObject({
      status: 'accepted',
      producer: { firstName: 'Deleted', lastName: 'user' },
    });
  });

  it("withdraws an agent's optioned listing, releases the holds of their other listings' offers", async () => {
    const agent = await signedIn('agent');
    const producer = await signedIn('producer');
    const rival = await signedIn('producer');
    const optioned = await insertListing(t.db, { agentId: agent.id, title: 'Optioned One' });
    const other = await insertListing(t.db, { agentId: agent.id, title: 'Still Open' });
    const chosen = await kit.pendingOffer(producer, optioned.id);
    expect((await kit.decide(agent, chosen.id, 'accept')).statusCode).toBe(200);
    const waiting = await kit.pendingOffer(rival, other.id);

    const answer = await deleteAccount(agent);
    expect(answer.statusCode, answer.body).toBe(200);

    const [kept] = await t.db.select().from(listings).where(eq(listings.id, optioned.id));
    expect(kept.status).toBe('withdrawn');
    expect((await offerRow(chosen.id)).status).toBe('accepted');
    expect((await holdsOf(chosen.id))[0].status).toBe('succeeded');
    // The listing without an accepted offer goes, and the offer on it was released first.
    expect(await t.db.select().from(listings).where(eq(listings.id, other.id))).toHaveLength(0);
    expect((await holdsOf(waiting.id))[0].status).toBe('canceled');
    expect((await ledgerOf(waiting.id)).find((row) => row.operation === 'release')).toMatchObject({
      outcome: 'succeeded',
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, rival.email));
    expect(mails.map((mail) => mail.subject)).toContain('Your offer on Still Open was closed');

    expect(await userRow(agent.id)).toMatchObject({
      email: deletedEmail(agent.id),
    });
    // The withdrawn listing takes no offers: off the market, it answers as a missing listing
    // does (issue 27, one visibility rule: no answer tells a hidden listing exists).
    const late = await kit.submit(producer, await kit.offerBody(producer, optioned.id));
    expect(late.statusCode).toBe(404);
  });

  it('refuses with 409 while an acceptance is in flight, and changes nothing', async () => {
    const agent = await signedIn('agent');
    const producer = await signedIn('producer');
    const listing = await insertListing(t.db, { agentId: agent.id });
    const offer = await kit.pendingOffer(producer, listing.id);
    const other = await kit.pendingOffer(
      producer,
      (await insertListing(t.db, { agentId: agent.id })).id,
    );
    // The agent's capture is on its way to the provider (acceptOffer's claim).
    await t.db.update(offers).set({ status: 'accepting' }).where(eq(offers.id, offer.id));

    for (const user of [producer, agent]) {
      const refused = await deleteAccount(user);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        message:
          'An offer on this account is being accepted right now. Please try again in a few minutes.',
      });
      expect((await userRow(user.id)).deletedAt).toBeNull();
    }
    expect((await offerRow(other.id)).status).toBe('pending');
    expect((await holdsOf(other.id))[0].status).toBe('requires_capture');
    const [untouched] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(untouched.status).toBe('available');
  });

  it('keeps the account (503) when a hold cannot be released yet, and deletes it on retry', async () => {
    const agent = await signedIn('agent');
    const producer = await signedIn('producer');
    const offer = await kit.pendingOffer(
      producer,
      (await insertListing(t.db, { agentId: agent.id })).id,
    );
    const outage = vi.spyOn(t.app.payments, 'cancelPayment').mockRejectedValue(timeout());

    const refused = await deleteAccount(producer);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
    expect(await userRow(producer.id)).toBeDefined();
    expect((await offerRow(offer.id)).status).toBe('cancelled');
    expect((await holdsOf(offer.id))[0].status).toBe('requires_capture');

    outage.mockRestore();
    expect((await deleteAccount(producer)).statusCode).toBe(200);
    expect((await holdsOf(offer.id))[0].status).toBe('canceled');
    expect(await userRow(producer.id)).toBeUndefined();
  });
});

describe('[OFFERS] reconciliation releases a hold no live offer stands behind', () => {
  it('finds an authorised hold whose offer is gone and releases it with its own key', async () => {
    const agent = await signedIn('agent');
    const producer = await signedIn('producer');
    const offer = await kit.pendingOffer(
      producer,
      (await insertListing(t.db, { agentId: agent.id })).id,
    );
    // What the old account deletion did: the offer went by foreign key, its hold stayed.
    await t.db.delete(offers).where(eq(offers.id, offer.id));
    expect((await holdsOf(offer.id))[0].status).toBe('requires_capture');

    const report = await reconcileOffers(t.app);
    expect(report.releasedOrphans).toBeGreaterThanOrEqual(1);
    const [hold] = await holdsOf(offer.id);
    expect(hold.status).toBe('canceled');
    const release = (await ledgerOf(offer.id)).find((row) => row.operation === 'release');
    expect(release).toMatchObject({
      outcome: 'succeeded',
      idempotencyKey: `offer:${offer.id}:hold:1:release`,
    });
    // Once released it is settled: the next run leaves it alone.
    const again = await reconcileOffers(t.app);
    const releases = await t.db
      .select()
      .from(paymentLedger)
      .where(
        and(
          eq(paymentLedger.operation, 'release'),
          inArray(paymentLedger.subject, [`offer:${offer.id}`]),
        ),
      );
    expect(releases).toHaveLength(1);
    expect(releases[0].attempts).toBe(1);
    expect(again.failures).toBe(0);
  });
});
