/**
 * Property-based runs of the deal room against the real app and database (issue 28): random
 * sequences of offers, counters, counters back, acceptances of a counter, acceptances,
 * rejections, withdrawals, expiries, declined cards and failed re-authorisations, on one
 * listing each, with every invariant of decision 016 checked after every step. Shared by the
 * bounded run in `npm test` (deal-properties.test.ts) and `npm run bench:deal-properties`.
 * Issue 29: offers and counters name random parts of the listing's 2 × 2 grid, several
 * disjoint deals may be accepted, and options lapse (reversion); after every step no two live
 * deals share a cell, the listing's status and taken cells follow from the live ones, no open
 * offer overlaps a live deal, and no offer is captured twice.
 */
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { cellKeyOf, cellsOf } from '@/domains/listings/rights-grid.rules';
import { AGENT_VISIBLE_ROW_STATUSES, OPEN_OFFER_STATUSES } from '@/domains/offers/offers.constants';
import { lapseDueGrants } from '@/domains/rights/server';
import { rightsGrantCells, rightsGrants } from '@/domains/rights/server/rights.tables';
import { paymentLedger } from '@/domains/payments/server/payments.tables';
import { offerAgreements } from '@/domains/agreements/server/agreements.tables';
import { offerTerms, offers } from '@/domains/offers/server/offers.tables';
import { TEST_CARDS } from '@/domains/payments/payments.constants';
import { localPaymentIntents } from '@/domains/payments/server/payments.tables';
import { expireOfferDeadlines } from '@/domains/offers/server/process-offer-deadlines';
import { insertListing } from './fixtures/listings';
import { nextClientAddress, type OfferKit } from './fixtures/offers';
import { createUser, type TestApp } from './test-app';

const RIGHTS_OFFERED = ['film', 'tv'] as const;
const TERRITORIES_OFFERED = ['UK', 'Ireland'] as const;

type Who = 0 | 1 | 2;
/** A part of the listing's grid; null: the offer names none (the whole listing). */
type Part = { media: string[]; territories: string[] } | null;
export type DealAction =
  | { kind: 'offer'; producer: Who; fee: number; declined: boolean; part: Part }
  | {
      kind: 'counter';
      producer: Who;
      fee: number;
      months: number;
      narrow: boolean;
      outside: boolean;
      part: Part;
    }
  | { kind: 'counter_back'; producer: Who; fee: number; declined: boolean }
  | { kind: 'accept_counter'; producer: Who; declined: boolean }
  | { kind: 'accept'; producer: Who }
  | { kind: 'reject'; producer: Who }
  | { kind: 'cancel'; producer: Who }
  | { kind: 'expire'; producer: Who }
  | { kind: 'lapse'; producer: Who };

const who = fc.constantFrom<Who>(0, 1, 2);
/** Mostly a named part (of one or more cells), sometimes none. */
const part: fc.Arbitrary<Part> = fc.option(
  fc.record({
    media: fc.subarray([...RIGHTS_OFFERED] as string[], { minLength: 1 }),
    territories: fc.subarray([...TERRITORIES_OFFERED] as string[], { minLength: 1 }),
  }),
  { nil: null, freq: 4 },
);
const fee = fc.integer({ min: 1, max: 9 }).map((k) => k * 10_000);
/** One in five: rarely, so that most sequences go on past it. */
const rarely = fc.integer({ min: 1, max: 5 }).map((n) => n === 1);
// Weighted towards the negotiation, so that sequences reach counters and their acceptance.
export const dealAction: fc.Arbitrary<DealAction> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('offer' as const),
      producer: who,
      fee,
      declined: rarely,
      part,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('counter' as const),
      producer: who,
      fee,
      months: fc.constantFrom(12, 18, 24, 36),
      narrow: fc.boolean(),
      outside: rarely,
      part,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('counter_back' as const),
      producer: who,
      fee,
      declined: rarely,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('accept_counter' as const),
      producer: who,
      declined: rarely,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('accept' as const), producer: who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reject' as const), producer: who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), producer: who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expire' as const), producer: who }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lapse' as const), producer: who }) },
);

/** Which statuses each request may act on; any other is refused with 409 and no change. */
const ALLOWED: Partial<Record<DealAction['kind'], readonly string[]>> = {
  counter: ['pending'],
  counter_back: ['countered'],
  accept_counter: ['countered'],
  accept: ['pending'],
  reject: ['pending'],
  cancel: ['awaiting_payment', 'pending', 'countered', 'reauthorising'],
};

export interface DealPropertyReport {
  sequences: number;
  steps: number;
  violations: string[];
  outcomes: Record<string, number>;
}

interface World {
  t: TestApp;
  kit: OfferKit;
  agent: UserRow;
  producers: [UserRow, UserRow, UserRow];
}

/**
 * The counter's terms: re-priced, on another part or narrowed, perhaps (wrongly) beyond the
 * listing. A counter back leaves the part as it stands.
 */
function counterBody(action: Extract<DealAction, { kind: 'counter' | 'counter_back' }>) {
  if (action.kind === 'counter_back') {
    return { offerPrice: String(action.fee), optionPeriod: 24 };
  }
  const named = action.part;
  return {
    offerPrice: String(action.fee),
    optionPeriod: action.months,
    media: action.outside
      ? ['film', 'stage']
      : (named?.media ?? (action.narrow ? ['film'] : [...RIGHTS_OFFERED])),
    territories: named?.territories ?? (action.narrow ? ['UK'] : [...TERRITORIES_OFFERED]),
  };
}

const rowSnapshot = (row: typeof offers.$inferSelect | undefined) =>
  row && {
    status: row.status,
    price: row.offerPricePence,
    termsVersion: row.termsVersion,
    holdVersion: row.holdVersion,
    payment: row.providerPaymentId,
  };

/** One step: the request, and what its answer must be given the offer's state before it. */
async function step(world: World, listingId: number, action: DealAction): Promise<string> {
  const { t, kit, agent } = world;
  const producer = world.producers[action.producer];
  const [latest] = await t.db
    .select()
    .from(offers)
    .where(eq(offers.producerId, producer.id))
    .orderBy(offers.id)
    .then((rows) => rows.filter((row) => row.listingId === listingId).slice(-1));
  const request = (user: UserRow, method: 'POST' | 'PATCH', url: string, payload?: object) =>
    // Each from its own address: the routes' per-address rate limits are not under test.
    t.request({
      method,
      url,
      cookie: kit.cookie(user),
      payload,
      remoteAddress: nextClientAddress(),
    });
  const confirm = async (clientSecret: string | null, declined: boolean) => {
    if (!clientSecret) return;
    await kit.confirmCard(producer, clientSecret, declined ? TEST_CARDS.declined : undefined);
  };

  if (action.kind === 'offer') {
    const created = await kit.submit(
      producer,
      await kit.offerBody(producer, listingId, {
        offerPrice: String(action.fee),
        ...(action.part ?? {}),
      }),
    );
    if (created.statusCode === 201) {
      await confirm(created.json().clientSecret, action.declined);
      return `offer:${action.declined ? 'declined' : 'held'}`;
    }
    // 409: taken cells, or an open offer already; 400 only asks to choose a part not named.
    const isAskedToChoose = created.statusCode === 400 && action.part === null;
    if (created.statusCode !== 409 && !isAskedToChoose) {
      throw new Error(`offer answered ${created.statusCode}: ${created.body}`);
    }
    return `offer:refused-${created.statusCode}`;
  }
  if (action.kind === 'lapse') {
    // Every option's period has ended without exercise: the rights room's reversion.
    const lapsed = await lapseDueGrants(t.app, new Date(Date.now() + 40 * 31 * 86_400_000));
    return lapsed.length > 0 ? 'lapse:reverted' : 'lapse:none';
  }
  if (!latest) return `${action.kind}:no-offer`;
  if (action.kind === 'expire') {
    await t.db
      .update(offers)
      .set({ responseDeadline: new Date(Date.now() - 1000) })
      .where(eq(offers.id, latest.id));
    await expireOfferDeadlines(t.app);
    return 'expire';
  }
  const before = rowSnapshot(latest);
  const isAllowed = ALLOWED[action.kind]!.includes(latest.status);
  let answer;
  switch (action.kind) {
    case 'counter':
      answer = await request(
        agent,
        'POST',
        `/api/offers/${latest.id}/counter`,
        counterBody(action),
      );
      break;
    case 'counter_back':
      answer = await request(
        producer,
        'POST',
        `/api/offers/${latest.id}/counter`,
        counterBody(action),
      );
      break;
    case 'accept_counter':
      answer = await request(producer, 'POST', `/api/offers/${latest.id}/accept-counter`);
      break;
    case 'accept':
      answer = await request(agent, 'PATCH', `/api/offers/${latest.id}/accept`);
      break;
    case 'reject':
      answer = await request(agent, 'PATCH', `/api/offers/${latest.id}/reject`, {});
      break;
    case 'cancel':
      answer = await request(producer, 'PATCH', `/api/offers/${latest.id}/cancel`, {
        cancellationReason: 'Changed our plans',
      });
      break;
  }
  const [after] = await t.db.select().from(offers).where(eq(offers.id, latest.id));
  const unchanged = JSON.stringify(rowSnapshot(after)) === JSON.stringify(before);
  // The agent never sees an unpaid or a withdrawn offer (decision 016): not theirs to act on.
  const isAgents = ['counter', 'accept', 'reject'].includes(action.kind);
  if (isAgents && !(AGENT_VISIBLE_ROW_STATUSES as readonly string[]).includes(latest.status)) {
    // (403 or 404 by route: neither says more about the offer than that.)
    if (![403, 404].includes(answer.statusCode) || !unchanged) {
      throw new Error(
        `${action.kind} on an offer the agent cannot see answered ${answer.statusCode}`,
      );
    }
    return `${action.kind}:403-unseen`;
  }
  if (!isAllowed) {
    if (answer.statusCode !== 409 || !unchanged) {
      throw new Error(
        `${action.kind} on a ${latest.status} offer answered ${answer.statusCode} (409 expected) and ${unchanged ? 'changed nothing' : 'changed the offer'}`,
      );
    }
    return `${action.kind}:409`;
  }
  if (action.kind === 'counter' && action.outside) {
    if (answer.statusCode !== 400 || !unchanged) {
      throw new Error(`a counter beyond the listing's rights answered ${answer.statusCode}`);
    }
    return 'counter:outside-400';
  }
  // Allowed by state, yet refused for another reason we know (the listing optioned
  // meanwhile, the same terms again): a 4xx that changed nothing.
  if (answer.statusCode >= 400) {
    if (answer.statusCode >= 500 || !unchanged) {
      throw new Error(`${action.kind} answered ${answer.statusCode}: ${answer.body}`);
    }
    return `${action.kind}:${answer.statusCode}`;
  }
  if (action.kind === 'counter_back' || action.kind === 'accept_counter') {
    await confirm(answer.json().clientSecret ?? null, action.declined);
  }
  return `${action.kind}:ok`;
}

/** Every invariant of the deal room, on one listing; answers what is violated. */
async function violationsOf(world: World, listingId: number): Promise<string[]> {
  const { db } = world.t;
  const found: string[] = [];
  const rows = await db.select().from(offers).where(eq(offers.listingId, listingId));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return found;
  const versions = await db.select().from(offerTerms).where(inArray(offerTerms.offerId, ids));
  const agreements = await db
    .select()
    .from(offerAgreements)
    .where(inArray(offerAgreements.offerId, ids));
  const intents = await db.select().from(localPaymentIntents);
  const holdsOf = (offerId: number) =>
    intents.filter((intent) => intent.metadata.offerId === String(offerId));

  found.push(...(await rightsViolationsOf(world, listingId, rows, versions)));
  for (const version of versions) {
    const outside =
      version.media.some((right) => !(RIGHTS_OFFERED as readonly string[]).includes(right)) ||
      version.territories.some(
        (name) => !(TERRITORIES_OFFERED as readonly string[]).includes(name),
      );
    if (outside)
      found.push(`offer ${version.offerId} v${version.version} outside the listing's rights`);
  }
  for (const row of rows) {
    const mine = versions.filter((version) => version.offerId === row.id);
    const current = mine.find((version) => version.version === row.termsVersion);
    const currentFee = current?.offerPricePence ?? row.offerPricePence;
    const live = holdsOf(row.id).filter((hold) => hold.status === 'requires_capture');
    const captured = holdsOf(row.id).filter((hold) => hold.status === 'succeeded');
    const label = `offer ${row.id} (${row.status})`;
    if (['rejected', 'cancelled', 'expired', 'abandoned'].includes(row.status)) {
      if (live.length + captured.length > 0) found.push(`${label}: a hold outlives the offer`);
    }
    if (row.status === 'pending') {
      if (live.length !== 1 || live[0].amountPence !== currentFee) {
        found.push(`${label}: hold ${live.map((h) => h.amountPence)} ≠ current fee ${currentFee}`);
      }
    }
    if (row.status === 'countered') {
      // The agent's counter awaits the producer: the hold still covers the producer's terms.
      const producers = mine.filter((version) => version.proposedBy === 'producer');
      const committed = producers.length
        ? producers[producers.length - 1].offerPricePence
        : row.offerPricePence;
      if (
        live.length !== 1 ||
        live[0].amountPence !== committed ||
        row.offerPricePence !== committed
      ) {
        found.push(`${label}: hold ≠ the producer's committed fee ${committed}`);
      }
    }
    if (row.status === 'reauthorising') {
      const expected = new Set([row.prevPaymentId, row.providerPaymentId]);
      if (live.length === 0 || live.some((hold) => !expected.has(hold.id))) {
        found.push(`${label}: not backed by its previous or new hold alone`);
      }
      if (row.offerPricePence !== currentFee) found.push(`${label}: new hold ≠ current fee`);
    }
    if (row.status === 'accepted') {
      const agreement = agreements.find((a) => a.offerId === row.id);
      if (live.length > 0) found.push(`${label}: a hold still live after the capture`);
      if (captured.length !== 1 || captured[0].amountPence !== currentFee) {
        found.push(
          `${label}: captured ${captured.map((h) => h.amountPence)} ≠ agreed fee ${currentFee}`,
        );
      }
      if (!agreement) found.push(`${label}: no agreement`);
      else if (
        agreement.termsVersion !== row.termsVersion ||
        agreement.offerPricePence !== currentFee
      ) {
        found.push(`${label}: agreement v${agreement.termsVersion} ≠ agreed v${row.termsVersion}`);
      }
      if (current && current.proposedBy === 'agent') {
        found.push(`${label}: accepted on the agent's own proposal without the producer's yes`);
      }
    }
  }
  return found;
}

const keysOf = (media: readonly string[], territories: readonly string[]) =>
  cellsOf(media as (typeof RIGHTS_OFFERED)[number][], territories).map(cellKeyOf);

/**
 * Issue 29's invariants on one listing: no two live deals share a cell; live cells are those
 * of optioned or sold deals only, each deal holding exactly its offer's agreed part; the
 * listing's taken cells and status follow from the live cells; no open offer overlaps a live
 * deal; no offer was captured twice.
 */
async function rightsViolationsOf(
  world: World,
  listingId: number,
  rows: (typeof offers.$inferSelect)[],
  versions: (typeof offerTerms.$inferSelect)[],
): Promise<string[]> {
  const { db } = world.t;
  const found: string[] = [];
  const grants = await db.select().from(rightsGrants).where(eq(rightsGrants.listingId, listingId));
  const cells = await db
    .select()
    .from(rightsGrantCells)
    .where(eq(rightsGrantCells.listingId, listingId));
  const live = cells.filter((cell) => cell.live);
  const liveKeys = live.map(cellKeyOf);
  const duplicated = liveKeys.filter((key, i) => liveKeys.indexOf(key) !== i);
  if (duplicated.length > 0) found.push(`two live deals share ${duplicated.join(', ')}`);
  for (const grant of grants) {
    const mine = cells.filter((cell) => cell.grantId === grant.id);
    const isLive = grant.status === 'optioned' || grant.status === 'sold';
    if (mine.some((cell) => cell.live !== isLive)) {
      found.push(`grant ${grant.id} (${grant.status}) has cells ${isLive ? 'not ' : ''}live`);
    }
    const offer = rows.find((row) => row.id === grant.offerId);
    if (!offer || offer.status !== 'accepted') {
      found.push(`grant ${grant.id} is not of an accepted offer (${offer?.status})`);
      continue;
    }
    const agreed = versions.find((v) => v.offerId === offer.id && v.version === offer.termsVersion);
    const expected = agreed ? keysOf(agreed.media, agreed.territories).sort() : null;
    if (expected && JSON.stringify(mine.map(cellKeyOf).sort()) !== JSON.stringify(expected)) {
      found.push(`grant ${grant.id} holds other cells than offer ${offer.id} agreed`);
    }
  }
  for (const row of rows.filter((r) => r.status === 'accepted')) {
    if (!grants.some((grant) => grant.offerId === row.id)) {
      found.push(`accepted offer ${row.id} has no grant`);
    }
  }
  const [listing] = await db.select().from(listings).where(eq(listings.id, listingId));
  const takenNow = [...new Set(liveKeys)].sort();
  if (JSON.stringify(listing.rightsTaken) !== JSON.stringify(takenNow)) {
    found.push(`listing's taken cells ${listing.rightsTaken} ≠ live cells ${takenNow}`);
  }
  const offered = keysOf(listing.rightsAvailable, listing.territory);
  const status = offered.every((key) => takenNow.includes(key)) ? 'optioned' : 'available';
  if (listing.status !== status)
    found.push(`listing is ${listing.status}, its cells say ${status}`);
  for (const row of rows) {
    if (!(OPEN_OFFER_STATUSES as readonly string[]).includes(row.status)) continue;
    const current = versions.find((v) => v.offerId === row.id && v.version === row.termsVersion);
    const part = current ? keysOf(current.media, current.territories) : offered;
    const overlap = part.filter((key) => takenNow.includes(key));
    if (overlap.length > 0) found.push(`open offer ${row.id} (${row.status}) overlaps ${overlap}`);
  }
  const ids = rows.map((row) => row.id);
  const captures = await db
    .select({ subject: paymentLedger.subject })
    .from(paymentLedger)
    .where(
      and(
        eq(paymentLedger.operation, 'capture'),
        eq(paymentLedger.outcome, 'succeeded'),
        inArray(
          paymentLedger.subject,
          ids.map((id) => `offer:${id}`),
        ),
      ),
    );
  const subjects = captures.map((capture) => capture.subject);
  const twice = subjects.filter((subject, i) => subjects.indexOf(subject) !== i);
  if (twice.length > 0) found.push(`captured twice: ${twice.join(', ')}`);
  return found;
}

/** Runs `sequences` random sequences of up to `maxSteps` steps; never throws on a violation. */
export async function runDealProperties(
  world: Omit<World, 'producers'>,
  options: { sequences: number; maxSteps: number; seed: number },
): Promise<DealPropertyReport> {
  const report: DealPropertyReport = { sequences: 0, steps: 0, violations: [], outcomes: {} };
  const producers: [UserRow, UserRow, UserRow] = [
    await createUser(world.t.db, { role: 'producer' }),
    await createUser(world.t.db, { role: 'producer' }),
    await createUser(world.t.db, { role: 'producer' }),
  ];
  await world.kit.signIn(...producers);
  const full: World = { ...world, producers };
  await fc
    .assert(
      fc.asyncProperty(
        fc.array(dealAction, { minLength: 1, maxLength: options.maxSteps }),
        async (actions) => {
          report.sequences += 1;
          const listing = await insertListing(world.t.db, {
            agentId: world.agent.id,
            rightsAvailable: [...RIGHTS_OFFERED],
            territory: [...TERRITORIES_OFFERED],
            exclusivity: 'exclusive',
          });
          // Every sequence opens with two offers, so most steps act on one.
          // (Producer 0 on the whole listing, producer 1 on Film in the UK.)
          const opening: DealAction[] = [
            { kind: 'offer', producer: 0, fee: 40_000, declined: false, part: null },
            {
              kind: 'offer',
              producer: 1,
              fee: 30_000,
              declined: false,
              part: { media: ['film'], territories: ['UK'] },
            },
          ];
          for (const action of [...opening, ...actions]) {
            report.steps += 1;
            let outcome: string;
            try {
              outcome = await step(full, listing.id, action);
            } catch (error) {
              report.violations.push(`${JSON.stringify(action)}: ${(error as Error).message}`);
              return false;
            }
            report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
            const violated = await violationsOf(full, listing.id);
            if (violated.length > 0) {
              report.violations.push(
                ...violated.map((v) => `after ${JSON.stringify(action)}: ${v}`),
              );
              return false;
            }
          }
          return true;
        },
      ),
      { numRuns: options.sequences, seed: options.seed, endOnFailure: true },
    )
    .catch(() => undefined);
  return report;
}
