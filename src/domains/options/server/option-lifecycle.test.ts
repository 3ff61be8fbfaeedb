import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { AgreementVerification } from '@/domains/agreements/agreement-verify.schema';
import { offerAgreements } from '@/domains/agreements/server/agreements.tables';
import { adminAuditLog } from '@/domains/admin/server/admin.tables';
import { chainOfTitleDocuments } from '@/domains/chain-of-title/server/chain-of-title.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { notifications } from '@/domains/notifications/server/notifications.tables';
import { paymentLedger } from '@/domains/payments/server/payments.tables';
import { lapseDueGrants } from '@/domains/rights/server';
import { rightsGrants } from '@/domains/rights/server/rights.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import { addMonths } from '@/shared/dates';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  multipartBody,
  nextClientAddress,
  offerKit,
  providerTimeout,
  type OfferKit,
} from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { DAY_MS } from '../options.constants';
import type { Option, OptionPaymentStart, OptionsResponse } from '../options.schema';
import { reconcileOptionPayments } from './reconcile-option-payments';
import { sendOptionReminders } from './send-option-reminders';
import { optionPayments, optionReminders, options } from './options.tables';

let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let producer: UserRow;
let admin: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t, { offerPrice: '40000', optionPeriod: 18 });
  agent = await createUser(t.db, { role: 'agent', firstName: 'Avery', lastName: 'Agent' });
  producer = await createUser(t.db, { role: 'producer', firstName: 'Priya', lastName: 'Producer' });
  admin = await createUser(t.db, { role: 'admin', firstName: 'Ada', lastName: 'Admin' });
  await kit.signIn(agent, producer, admin);
}, 120_000);

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await t.close();
});

const sign = (who: UserRow, offerId: number) =>
  t.request({
    method: 'POST',
    url: `/api/offers/${offerId}/agreement/sign`,
    cookie: kit.cookie(who),
    payload: { fullName: `${who.firstName} ${who.lastName}`, consent: true },
  });

/** A deal accepted and signed by both: its agreement sealed, so its option has started. */
async function sealedDeal(terms: Record<string, unknown> = {}) {
  const listing = await insertListing(t.db, { agentId: agent.id, title: 'The Salt Road' });
  const offer = await kit.pendingOffer(producer, listing.id);
  // The agent proposes the agreed terms at the held price; the producer's yes makes the deal.
  const countered = await t.request({
    method: 'POST',
    url: `/api/offers/${offer.id}/counter`,
    cookie: kit.cookie(agent),
    payload: {
      offerPrice: '40000',
      optionPeriod: 18,
      purchasePrice: '150000',
      extensionMonths: 12,
      extensionFee: '5000',
      ...terms,
    },
  });
  expect(countered.statusCode, countered.body).toBe(200);
  const accepted = await t.request({
    method: 'POST',
    url: `/api/offers/${offer.id}/accept-counter`,
    cookie: kit.cookie(producer),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  if (accepted.json<{ offer: { status: string } }>().offer.status !== 'accepted') {
    expect((await kit.decide(agent, offer.id, 'accept')).statusCode).toBe(200);
  }
  expect((await sign(producer, offer.id)).statusCode).toBe(200);
  expect((await sign(agent, offer.id)).statusCode).toBe(200);
  const [option] = await t.db.select().from(options).where(eq(options.offerId, offer.id));
  return { listingId: listing.id, offerId: offer.id, option };
}

const listOptions = async (who: UserRow) => {
  const response = await t.request({ method: 'GET', url: '/api/options', cookie: kit.cookie(who) });
  expect(response.statusCode).toBe(200);
  return response.json<OptionsResponse>().options;
};

const startPayment = (who: UserRow, optionId: number, action: 'extension' | 'exercise') =>
  t.request({
    method: 'POST',
    url: `/api/options/${optionId}/${action}`,
    cookie: kit.cookie(who),
    remoteAddress: nextClientAddress(),
  });

const grantOf = async (grantId: number) =>
  (await t.db.select().from(rightsGrants).where(eq(rightsGrants.id, grantId)))[0];

const ledgerOf = (optionId: number) =>
  t.db
    .select()
    .from(paymentLedger)
    .where(eq(paymentLedger.subject, `option:${optionId}`));

const paymentsOf = (optionId: number) =>
  t.db.select().from(optionPayments).where(eq(optionPayments.optionId, optionId));

const bells = (userId: number, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

const verify = (content: Buffer) => {
  const { payload, headers } = multipartBody('notice.pdf', content, {
    contentType: 'application/pdf',
  });
  return t.request({
    method: 'POST',
    url: '/api/agreements/verify',
    payload,
    headers,
    remoteAddress: nextClientAddress(),
  });
};

/** Extends through the API and the card form (4242...), as the producer would. */
async function extendWithCard(optionId: number) {
  const started = await startPayment(producer, optionId, 'extension');
  expect(started.statusCode).toBe(200);
  const body = started.json<OptionPaymentStart>();
  expect(body).toMatchObject({ method: 'card', amount: '5000.00', paid: false });
  expect(body.clientSecret).toBeTruthy();
  expect((await kit.confirmCard(producer, body.clientSecret!)).statusCode).toBe(200);
  return body;
}

describe('[OPTIONS] the option clock, driven by a controllable clock', () => {
  it('starts at the seal, reminds at 90/30/7 days once each, extends (paid, sealed, filed, verifying), then is exercised and sold', async () => {
    const { offerId, option, listingId } = await sealedDeal();
    expect(option).toBeDefined();
    const [agreement] = await t.db
      .select()
      .from(offerAgreements)
      .where(eq(offerAgreements.offerId, offerId));
    // The clock starts at the seal; the grant's term restarts with it.
    expect(option.startsAt).toEqual(agreement.signedAt);
    expect(option.endsAt).toEqual(addMonths(agreement.signedAt!, 18));
    const grant = await grantOf(option.grantId);
    expect(grant.startsAt).toEqual(option.startsAt);
    expect(grant.endsAt).toEqual(option.endsAt);

    // Both dashboards list it with days left.
    const [mine] = await listOptions(producer);
    expect(mine).toMatchObject({
      id: option.id,
      state: 'live',
      canExtend: true,
      canExercise: true,
    });
    expect(mine.daysLeft).toBeGreaterThan(500);
    expect((await listOptions(agent)).map((o) => o.id)).toContain(option.id);

    // Reminders: 90, 30 and 7 days before the end, each once, however often the job runs.
    const before = (days: number) => new Date(option.endsAt.getTime() - days * DAY_MS);
    expect(await sendOptionReminders(t.app, before(120))).toBe(0);
    for (const days of [89, 29, 6]) {
      expect(await sendOptionReminders(t.app, before(days))).toBe(1);
      expect(await sendOptionReminders(t.app, before(days))).toBe(0);
      expect(await sendOptionReminders(t.app, before(days - 0.5))).toBe(0);
    }
    const sent = await t.db
      .select()
      .from(optionReminders)
      .where(eq(optionReminders.optionId, option.id));
    expect(sent.map((row) => row.thresholdDays).sort((a, b) => a - b)).toEqual([7, 30, 90]);
    expect(await bells(producer.id, 'option_reminder')).toHaveLength(3);
    expect(await bells(agent.id, 'option_reminder')).toHaveLength(3);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Option ending in %: The Salt Road'));
    expect(mails.filter((mail) => mail.to === producer.email)).toHaveLength(3);
    expect(mails.filter((mail) => mail.to === agent.email)).toHaveLength(3);

    // Extension: paid by card, end moved by 12 months with the grant, notice sealed and filed.
    await extendWithCard(option.id);
    const [extended] = await t.db.select().from(options).where(eq(options.id, option.id));
    expect(extended.endsAt).toEqual(addMonths(option.endsAt, 12));
    expect(extended.extensionsTaken).toBe(1);
    expect((await grantOf(option.grantId)).endsAt).toEqual(extended.endsAt);
    const ledger = await ledgerOf(option.id);
    expect(ledger.map((row) => [row.operation, row.outcome, row.amountPence]).sort()).toEqual([
      ['authorise', 'succeeded', 500_000],
      ['capture', 'succeeded', 500_000],
    ]);
    const [payment] = await paymentsOf(option.id);
    expect(payment).toMatchObject({ action: 'extension', version: 1, method: 'card' });
    expect(payment.noticeSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(payment.chainFiledAt).not.toBeNull();
    const [filed] = await t.db
      .select()
      .from(chainOfTitleDocuments)
      .where(eq(chainOfTitleDocuments.sourceKey, `option-notice:${payment.id}`));
    expect(filed).toMatchObject({ listingId, documentType: 'option_agreement' });

    // The notice downloads for both parties and verifies at /verify-agreement.
    const [view] = await listOptions(agent);
    expect(view.notices).toHaveLength(1);
    const download = await t.request({
      method: 'GET',
      url: view.notices[0].url,
      cookie: kit.cookie(agent),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['x-content-sha256']).toBe(payment.noticeSha256);
    const verified = (await verify(download.rawPayload)).json<AgreementVerification>();
    expect(verified).toMatchObject({
      genuine: true,
      document: 'notice',
      notice: { title: 'Option extension notice' },
      signature: { valid: true },
      agreement: { offerId, producerName: 'Priya Producer', agentName: 'Avery Agent' },
    });
    const changed = Buffer.from(download.rawPayload);
    changed[Math.floor(changed.length / 2)] ^= 0x01;
    expect((await verify(changed)).json<AgreementVerification>().genuine).toBe(false);

    // A second extension is refused; the moved end re-arms the reminders for the new end.
    expect((await startPayment(producer, option.id, 'extension')).statusCode).toBe(409);
    expect(
      await sendOptionReminders(t.app, new Date(extended.endsAt.getTime() - 80 * DAY_MS)),
    ).toBe(1);

    // Exercise: the purchase price by card; the part is sold and the listing shows it.
    const exercise = await startPayment(producer, option.id, 'exercise');
    expect(exercise.statusCode).toBe(200);
    const exerciseBody = exercise.json<OptionPaymentStart>();
    expect(exerciseBody).toMatchObject({ method: 'card', amount: '150000.00' });
    expect((await kit.confirmCard(producer, exerciseBody.clientSecret!)).statusCode).toBe(200);
    expect((await grantOf(option.grantId)).status).toBe('sold');
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, listingId));
    expect(listing.status).toBe('sold');
    const [sold] = (await listOptions(producer)).filter((o) => o.id === option.id);
    expect(sold).toMatchObject({ state: 'exercised', canExtend: false, canExercise: false });
    expect(sold.notices.map((n) => n.title)).toEqual([
      'Option extension notice',
      'Option exercise notice',
    ]);
    // Sold: no reminder ever again.
    expect(await sendOptionReminders(t.app, new Date(extended.endsAt.getTime() - 5 * DAY_MS))).toBe(
      0,
    );

    // The timeline tells the whole story, oldest first.
    const timeline = await t.request({
      method: 'GET',
      url: `/api/deals/${offerId}/timeline`,
      cookie: kit.cookie(producer),
    });
    expect(timeline.statusCode).toBe(200);
    const kinds = timeline.json<{ events: { kind: string }[] }>().events.map((e) => e.kind);
    expect(kinds.filter((k) => k !== 'reminder')).toEqual([
      'offer',
      'countered',
      'accepted',
      'agreement_issued',
      'signed',
      'signed',
      'sealed',
      'option_started',
      'extension_paid',
      'exercise_notice',
      'exercise_paid',
    ]);
  });

  it('lapses at the end with no extension or exercise: the part reverts and reminders stop', async () => {
    const { option, listingId } = await sealedDeal({
      extensionMonths: 0,
      extensionFee: null,
      purchasePrice: '160000',
    });
    expect((await startPayment(producer, option.id, 'extension')).statusCode).toBe(409);
    const after = new Date(option.endsAt.getTime() + 1000);
    expect(await lapseDueGrants(t.app, after)).toContain(option.grantId);
    const [view] = (await listOptions(producer)).filter((o) => o.id === option.id);
    expect(view).toMatchObject({ state: 'lapsed', daysLeft: 0, canExercise: false });
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, listingId));
    expect(listing.status).toBe('available');
    expect(await sendOptionReminders(t.app, new Date(option.endsAt.getTime() - DAY_MS))).toBe(0);
    expect((await startPayment(producer, option.id, 'exercise')).statusCode).toBe(409);
  });

  it('only the producer pays; the agent and strangers are refused', async () => {
    const { option } = await sealedDeal();
    expect((await startPayment(agent, option.id, 'extension')).statusCode).toBe(403);
    const stranger = await createUser(t.db, { role: 'producer' });
    await kit.signIn(stranger);
    expect((await startPayment(stranger, option.id, 'extension')).statusCode).toBe(404);
    expect((await listOptions(stranger)).map((o) => o.id)).not.toContain(option.id);
  });

  it('a purchase above the card maximum is due by bank transfer, recorded by an admin with an audit entry', async () => {
    const { option, listingId } = await sealedDeal({ purchasePrice: '2000000' });
    const started = await startPayment(producer, option.id, 'exercise');
    expect(started.statusCode).toBe(200);
    expect(started.json<OptionPaymentStart>()).toMatchObject({
      method: 'bank_transfer',
      clientSecret: null,
      paid: false,
      option: { state: 'exercising', exerciseDueBy: 'bank_transfer' },
    });
    const record = (who: UserRow) =>
      t.request({
        method: 'POST',
        url: `/api/admin/options/${option.id}/bank-transfer`,
        cookie: kit.cookie(who),
        payload: { reference: 'BACS 12345' },
      });
    expect((await record(producer)).statusCode).toBe(403);
    const recorded = await record(admin);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json<Option>()).toMatchObject({ state: 'exercised', exerciseDueBy: null });
    expect((await record(admin)).statusCode).toBe(409);
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, 'record_option_bank_transfer'),
          eq(adminAuditLog.targetId, option.id),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0].actorId).toBe(admin.id);
    expect(await ledgerOf(option.id)).toEqual([]);
    const [listing] = await t.db.select().from(listings).where(eq(listings.id, listingId));
    expect(listing.status).toBe('sold');
  });
});

describe('[OPTIONS] money: never taken twice, reconciled after a crash', () => {
  it('the provider captured but the server died before the write: the job finishes it, once', async () => {
    const { option } = await sealedDeal();
    const realCapture = t.app.payments.capturePayment.bind(t.app.payments);
    const capture = vi
      .spyOn(t.app.payments, 'capturePayment')
      .mockImplementationOnce(async (id, opts) => {
        await realCapture(id, opts);
        throw providerTimeout();
      });
    await extendWithCard(option.id);
    expect(capture).toHaveBeenCalledTimes(1);
    // Not applied: the outcome was never recorded.
    let [row] = await t.db.select().from(options).where(eq(options.id, option.id));
    expect(row.endsAt).toEqual(option.endsAt);
    const pending = (await ledgerOf(option.id)).filter((entry) => entry.operation === 'capture');
    expect(pending).toMatchObject([{ outcome: 'pending' }]);

    const later = new Date(Date.now() + 5 * 60 * 1000);
    expect(await reconcileOptionPayments(t.app, later)).toBeGreaterThanOrEqual(0);
    [row] = await t.db.select().from(options).where(eq(options.id, option.id));
    expect(row.endsAt).toEqual(addMonths(option.endsAt, 12));
    expect(row.extensionsTaken).toBe(1);
    const ledger = await ledgerOf(option.id);
    const captures = ledger.filter((entry) => entry.operation === 'capture');
    expect(captures).toHaveLength(1);
    expect(captures[0].outcome).toBe('succeeded');
    // One payment at the provider, captured once, for the fee.
    const provider = await t.app.payments.retrievePayment(captures[0].providerPaymentId!);
    expect(provider).toMatchObject({ status: 'succeeded', amountPence: 500_000 });
    const [payment] = await paymentsOf(option.id);
    expect(payment.noticeSha256).not.toBeNull();
    expect(payment.chainFiledAt).not.toBeNull();
    // Run again, or click again: nothing more happens.
    await reconcileOptionPayments(t.app, later);
    expect((await startPayment(producer, option.id, 'extension')).statusCode).toBe(409);
    [row] = await t.db.select().from(options).where(eq(options.id, option.id));
    expect(row.extensionsTaken).toBe(1);
    expect(await paymentsOf(option.id)).toHaveLength(1);
  });

  it('a click while the outcome of the capture is unknown finishes it with the same keys, never a second payment', async () => {
    const { option } = await sealedDeal();
    const realCapture = t.app.payments.capturePayment.bind(t.app.payments);
    vi.spyOn(t.app.payments, 'capturePayment').mockImplementationOnce(async (id, opts) => {
      await realCapture(id, opts);
      throw providerTimeout();
    });
    const first = await extendWithCard(option.id);
    const again = await startPayment(producer, option.id, 'extension');
    expect(again.statusCode).toBe(200);
    expect(again.json<OptionPaymentStart>()).toMatchObject({
      paymentId: first.paymentId,
      paid: true,
      clientSecret: null,
      option: { extensionsTaken: 1 },
    });
    const ledger = await ledgerOf(option.id);
    expect(ledger.filter((e) => e.operation === 'authorise')).toHaveLength(1);
    expect(ledger.filter((e) => e.operation === 'capture')).toMatchObject([
      { outcome: 'succeeded', attempts: 2 },
    ]);
  });
});
