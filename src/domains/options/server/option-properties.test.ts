/**
 * Property-based runs of the option's life (issue 34) against the real app and database:
 * random sequences of extensions (paid, declined, or with the server dying after the
 * provider's capture), exercises, the clock moving on, reversion, reconciliation, reminders
 * and a new deal on what reverted, with the invariants checked after every step: no two live
 * deals hold one square, no extension or purchase is ever taken twice, and each option's
 * clock, grant and payments agree.
 */
import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { TEST_CARDS } from '@/domains/payments/payments.constants';
import { localPaymentIntents } from '@/domains/payments/server/payments.tables';
import { lapseDueGrants } from '@/domains/rights/server';
import { rightsGrantCells, rightsGrants } from '@/domains/rights/server/rights.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import {
  nextClientAddress,
  offerKit,
  providerTimeout,
  type OfferKit,
} from '../../../../tests/helpers/fixtures/offers';
import { createTestApp, createUser, type TestApp } from '../../../../tests/helpers/test-app';
import { DAY_MS } from '../options.constants';
import type { OptionPaymentStart } from '../options.schema';
import { advanceClock, now as optionNow, resetClock } from '@/server/clock';
import { optionPayments, options } from './options.tables';
import { reconcileOptionPayments } from './reconcile-option-payments';
import { sendOptionReminders } from './send-option-reminders';

let t: TestApp;
let kit: OfferKit;
let agent: UserRow;
let producers: UserRow[];

beforeAll(async () => {
  t = await createTestApp();
  kit = offerKit(t, { offerPrice: '40000', optionPeriod: 12 });
  agent = await createUser(t.db, { role: 'agent' });
  producers = [await createUser(t.db), await createUser(t.db)];
  await kit.signIn(agent, ...producers);
}, 120_000);

afterAll(async () => {
  resetClock();
  await t.close();
});

type Card = 'ok' | 'declined' | 'crash';
type Step =
  | { kind: 'extend'; card: Card }
  | { kind: 'exercise'; card: Exclude<Card, 'crash'> }
  | { kind: 'advance'; days: number }
  | { kind: 'lapse' }
  | { kind: 'reconcile' }
  | { kind: 'reminders' }
  | { kind: 'reoption' };

const card = fc.constantFrom<Card>('ok', 'ok', 'declined', 'crash');
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('extend' as const), card }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('exercise' as const),
      card: fc.constantFrom<'ok' | 'declined'>('ok', 'declined'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      days: fc.integer({ min: 1, max: 300 }),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ kind: 'lapse' as const }) },
  { weight: 2, arbitrary: fc.constant({ kind: 'reconcile' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reminders' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reoption' as const }) },
);

/** A deal on the listing accepted and signed by both: its option has started. */
async function sealedDeal(listingId: number, producer: UserRow): Promise<number | null> {
  const created = await kit.submit(producer, await kit.offerBody(producer, listingId));
  if (created.statusCode !== 201) return null;
  const { offer, clientSecret } = created.json<{ offer: { id: number }; clientSecret: string }>();
  await kit.confirmCard(producer, clientSecret);
  const countered = await t.request({
    method: 'POST',
    url: `/api/offers/${offer.id}/counter`,
    cookie: kit.cookie(agent),
    payload: {
      offerPrice: '40000',
      optionPeriod: 12,
      purchasePrice: '90000',
      extensionMonths: 6,
      extensionFee: '3000',
    },
  });
  if (countered.statusCode !== 200) return null;
  const accepted = await t.request({
    method: 'POST',
    url: `/api/offers/${offer.id}/accept-counter`,
    cookie: kit.cookie(producer),
  });
  if (accepted.statusCode !== 200) return null;
  for (const who of [producer, agent]) {
    await t.request({
      method: 'POST',
      url: `/api/offers/${offer.id}/agreement/sign`,
      cookie: kit.cookie(who),
      payload: { fullName: 'Alex Example', consent: true },
    });
  }
  const [option] = await t.db.select().from(options).where(eq(options.offerId, offer.id));
  return option?.id ?? null;
}

async function pay(
  optionId: number,
  producer: UserRow,
  action: 'extension' | 'exercise',
  how: Card,
) {
  const started = await t.request({
    method: 'POST',
    url: `/api/options/${optionId}/${action}`,
    cookie: kit.cookie(producer),
    remoteAddress: nextClientAddress(),
  });
  // Refusals (ended, already extended, lapsed, sold) are answered 409, never a 500.
  expect([200, 409]).toContain(started.statusCode);
  if (started.statusCode !== 200) return;
  const { clientSecret } = started.json<OptionPaymentStart>();
  if (!clientSecret) return;
  if (how === 'crash') {
    const real = t.app.payments.capturePayment.bind(t.app.payments);
    vi.spyOn(t.app.payments, 'capturePayment').mockImplementationOnce(async (id, opts) => {
      await real(id, opts);
      throw providerTimeout();
    });
  }
  await kit.confirmCard(
    producer,
    clientSecret,
    how === 'declined' ? TEST_CARDS.declined : TEST_CARDS.success,
  );
  vi.restoreAllMocks();
}

/** Every invariant, over the whole database (earlier runs included). */
async function checkInvariants() {
  // No two live deals hold one square of a listing.
  const doubled = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(rightsGrantCells)
    .where(eq(rightsGrantCells.live, true))
    .groupBy(rightsGrantCells.listingId, rightsGrantCells.media, rightsGrantCells.territoryKey)
    .having(sql`count(*) > 1`);
  expect(doubled).toEqual([]);
  // No extension or purchase taken twice at the provider.
  const captured = await t.db
    .select({
      key: sql<string>`${localPaymentIntents.metadata}->>'optionId' || ':' || (${localPaymentIntents.metadata}->>'action')`,
      n: sql<number>`count(*)::int`,
    })
    .from(localPaymentIntents)
    .where(
      and(
        sql`${localPaymentIntents.metadata}->>'kind' = 'option'`,
        eq(localPaymentIntents.status, 'succeeded'),
      ),
    )
    .groupBy(sql`1`);
  for (const row of captured) expect(row.n, row.key).toBe(1);
  // Each option's clock, grant and payments agree.
  const rows = await t.db
    .select({ option: options, grant: rightsGrants })
    .from(options)
    .innerJoin(rightsGrants, eq(rightsGrants.id, options.grantId));
  for (const { option, grant } of rows) {
    const applied = await t.db
      .select()
      .from(optionPayments)
      .where(
        and(eq(optionPayments.optionId, option.id), sql`${optionPayments.appliedAt} is not null`),
      );
    expect(applied.filter((p) => p.action === 'extension')).toHaveLength(option.extensionsTaken);
    expect(option.extensionsTaken).toBeLessThanOrEqual(1);
    expect(grant.endsAt).toEqual(option.endsAt);
    const exercised = applied.some((p) => p.action === 'exercise');
    expect(grant.status === 'sold').toBe(exercised);
    for (const payment of applied) expect(payment.paidAt).not.toBeNull();
  }
}

describe('[OPTIONS] property: extension, exercise and lapse in any order', () => {
  it('keeps every invariant after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        resetClock();
        const listing = await insertListing(t.db, { agentId: agent.id, title: 'Property run' });
        let holder = producers[0];
        let optionId = await sealedDeal(listing.id, holder);
        expect(optionId).not.toBeNull();
        for (const action of steps) {
          switch (action.kind) {
            case 'extend':
              await pay(optionId!, holder, 'extension', action.card);
              break;
            case 'exercise':
              await pay(optionId!, holder, 'exercise', action.card);
              break;
            case 'advance':
              advanceClock(action.days * DAY_MS);
              break;
            case 'lapse':
              await lapseDueGrants(t.app, optionNow());
              break;
            case 'reconcile':
              await reconcileOptionPayments(t.app, optionNow(), { settleAfterMs: 0 });
              break;
            case 'reminders':
              await sendOptionReminders(t.app, optionNow());
              break;
            case 'reoption': {
              const [row] = await t.db.select().from(listings).where(eq(listings.id, listing.id));
              if (row.status !== 'available') break;
              const next = producers[holder === producers[0] ? 1 : 0];
              const started = await sealedDeal(listing.id, next);
              if (started !== null) {
                holder = next;
                optionId = started;
              }
              break;
            }
          }
          await checkInvariants();
        }
        // However it went, reconciliation leaves nothing paid and not applied.
        await reconcileOptionPayments(t.app, optionNow(), { settleAfterMs: 0 });
        await checkInvariants();
      }),
      { numRuns: 6 },
    );
  }, 240_000);
});
