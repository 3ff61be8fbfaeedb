import { and, asc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { listings } from '@/domains/listings/server/listings.tables';
import { AUTHORISATION_LIFETIME_MS } from '@/domains/payments/payments.constants';
import {
  PaymentProviderError,
  abandonProviderCall,
  findPendingProviderCalls,
  findUnsettledHolds,
  isProviderCallPending,
  releasePayment,
  type LedgerRow,
  type ProviderPayment,
} from '@/domains/payments/server';
import { LIVE_HOLD_STATUSES } from '../offers.constants';
import type { OfferDeps } from './offer-deps';
import {
  OFFER_PAYMENT_KIND,
  captureHold,
  holdKey,
  parseHoldKey,
  placeHold,
  releaseHold,
  releaseOrphanHold,
} from './offer-hold';
import { offers, type OfferRow } from './offers.tables';
import { syncOfferPayment } from './sync-offer-payment';

export interface ReconcileOptions {
  /** Leave alone what changed more recently than this: it may still be in flight. */
  olderThanMs?: number;
  now?: Date;
  limit?: number;
}

export interface ReconcileReport {
  retriedCalls: number;
  settledAcceptances: number;
  refreshedAwaiting: number;
  releasedOrphans: number;
  failures: number;
}

/** How far back a hold may still be live: the provider's authorisation lifetime and a day. */
const HOLD_LOOKBACK_MS = AUTHORISATION_LIFETIME_MS + 24 * 60 * 60 * 1000;

/** An offer in one of these still has a reason for its current hold (accepted: it was taken). */
const HOLD_KEEPING_STATUSES = [...LIVE_HOLD_STATUSES, 'accepted'] as const;

/**
 * Brings offers and their holds back into agreement after a crash or a provider timeout
 * (run at start and periodically by the job runner):
 * 1. every offer provider call whose outcome we never saw (ledger row still pending) is made
 *    again with the SAME idempotency key, so it cannot act twice, and the provider's answer
 *    is applied to the offer;
 * 2. an acceptance left half-way (offer 'accepting', capture no longer pending) is finished
 *    or reverted from the provider's truth: captured → accepted, still held → pending;
 * 3. offers awaiting payment whose hold may have been confirmed without us hearing of it
 *    (a lost webhook) are refreshed;
 * 4. a hold the ledger saw placed and never saw end, with no live offer behind it (its offer
 *    deleted, closed or renewed since), is released with its own release key.
 * Several instances may run it at once: every step is idempotent.
 */
export async function reconcileOffers(
  deps: OfferDeps,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.olderThanMs ?? 0));
  const limit = options.limit ?? 200;
  const report: ReconcileReport = {
    retriedCalls: 0,
    settledAcceptances: 0,
    refreshedAwaiting: 0,
    releasedOrphans: 0,
    failures: 0,
  };
  const attempt = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
      return true;
    } catch (error) {
      report.failures += 1;
      deps.log.warn({ err: error, what }, 'offer reconciliation step failed; will retry');
      return false;
    }
  };

  const pendingCalls = await findPendingProviderCalls(deps.db, {
    kind: OFFER_PAYMENT_KIND,
    createdBefore: cutoff,
    limit,
  });
  for (const call of pendingCalls) {
    if (await attempt(call.idempotencyKey, () => retryOfferCall(deps, call))) {
      report.retriedCalls += 1;
    }
  }

  const halfAccepted = await deps.db
    .select()
    .from(offers)
    .where(and(eq(offers.status, 'accepting'), lt(offers.updatedAt, cutoff)))
    .limit(limit);
  for (const offer of halfAccepted) {
    if (await attempt(`accepting:${offer.id}`, () => settleAcceptance(deps, offer))) {
      report.settledAcceptances += 1;
    }
  }

  const awaiting = await deps.db
    .select()
    .from(offers)
    .where(
      and(
        // 'reauthorising': the new hold of an answered counter, confirmed unheard (016).
        inArray(offers.status, ['awaiting_payment', 'reauthorising']),
        isNotNull(offers.providerPaymentId),
        lt(offers.updatedAt, cutoff),
      ),
    )
    .orderBy(asc(offers.updatedAt))
    .limit(limit);
  for (const offer of awaiting) {
    const refreshed = await attempt(`awaiting:${offer.id}`, async () => {
      const payment = await deps.payments.retrievePayment(offer.providerPaymentId ?? '');
      await syncOfferPayment(deps, payment);
    });
    if (refreshed) report.refreshedAwaiting += 1;
  }

  const orphans = await findOrphanHolds(deps, now, cutoff, limit);
  for (const hold of orphans) {
    const released = await attempt(`orphan:${hold.idempotencyKey}`, () =>
      releaseOrphanHold(deps, hold),
    );
    if (released) report.releasedOrphans += 1;
  }
  return report;
}

type OrphanHoldRow = Parameters<typeof releaseOrphanHold>[1] & { idempotencyKey: string };

/**
 * Holds placed within their lifetime, never captured or released, whose offer no longer
 * stands behind them: the offer is gone, closed, or holds a later version (a renewal).
 */
async function findOrphanHolds(
  deps: OfferDeps,
  now: Date,
  cutoff: Date,
  limit: number,
): Promise<OrphanHoldRow[]> {
  const orphans: OrphanHoldRow[] = [];
  let afterId = 0;
  while (orphans.length < limit) {
    const holds = await findUnsettledHolds(deps.db, {
      kind: OFFER_PAYMENT_KIND,
      authorisedSince: new Date(now.getTime() - HOLD_LOOKBACK_MS),
      authorisedBefore: cutoff,
      afterId,
      limit,
    });
    if (holds.length === 0) break;
    afterId = holds[holds.length - 1].id;
    const named = holds.flatMap((hold) => {
      const key = parseHoldKey(hold.idempotencyKey);
      return key && hold.providerPaymentId
        ? [{ hold, key, providerPaymentId: hold.providerPaymentId }]
        : [];
    });
    if (named.length === 0) continue;
    const keeping = await deps.db
      .select({
        id: offers.id,
        holdVersion: offers.holdVersion,
        status: offers.status,
        prevHoldVersion: offers.prevHoldVersion,
      })
      .from(offers)
      .where(
        and(
          inArray(
            offers.id,
            named.map(({ key }) => key.offerId),
          ),
          inArray(offers.status, [...HOLD_KEEPING_STATUSES]),
        ),
      );
    const kept = new Set(keeping.map((offer) => `${offer.id}:${offer.holdVersion}`));
    // A re-authorisation keeps the hold it replaces until the new one is authorised (016).
    for (const offer of keeping) {
      if (offer.status === 'reauthorising' && offer.prevHoldVersion !== null) {
        kept.add(`${offer.id}:${offer.prevHoldVersion}`);
      }
    }
    for (const { hold, key, providerPaymentId } of named) {
      if (kept.has(`${key.offerId}:${key.holdVersion}`)) continue;
      orphans.push({
        idempotencyKey: hold.idempotencyKey,
        offerId: key.offerId,
        holdVersion: key.holdVersion,
        amountPence: hold.amountPence,
        userId: hold.userId,
        providerPaymentId,
      });
    }
  }
  return orphans.slice(0, limit);
}

/**
 * One offer provider call made again with its own key, then the answer applied to the offer.
 * Also used when an account closes, to finish its offers' calls before their rows go.
 */
export async function retryOfferCall(deps: OfferDeps, call: LedgerRow): Promise<void> {
  const key = parseHoldKey(call.idempotencyKey);
  const [offer] = key ? await deps.db.select().from(offers).where(eq(offers.id, key.offerId)) : [];
  if (!key || !offer) {
    await retryWithoutOffer(deps, call);
    return;
  }
  const hold = {
    ...offer,
    holdVersion: key.holdVersion,
    providerPaymentId: call.providerPaymentId ?? offer.providerPaymentId,
  };
  let payment: ProviderPayment | null = null;
  if (key.action === 'create') {
    const [listing] = await deps.db
      .select({ title: listings.title })
      .from(listings)
      .where(eq(listings.id, offer.listingId));
    payment = await placeHold(deps, hold, listing?.title ?? `listing ${offer.listingId}`);
  } else if (!hold.providerPaymentId) {
    return;
  } else if (key.action === 'capture') {
    const paymentId = hold.providerPaymentId;
    try {
      payment = await captureHold(deps, { ...hold, providerPaymentId: paymentId });
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || error.retryable) throw error;
      payment = await deps.payments.retrievePayment(paymentId);
    }
  } else {
    payment = await releaseHold(deps, hold);
  }
  if (payment) await syncOfferPayment(deps, payment);
}

/**
 * A pending call whose offer is gone. A release is still made (with its own key): money must
 * not stay held. Anything else (placing or capturing a hold) is not made for an offer that no
 * longer exists; the call is closed, and a hold it may have placed is released as an orphan.
 */
async function retryWithoutOffer(deps: OfferDeps, call: LedgerRow): Promise<void> {
  if (call.operation === 'release' && call.providerPaymentId) {
    try {
      await releasePayment(deps, {
        idempotencyKey: call.idempotencyKey,
        amountPence: call.amountPence,
        subject: call.subject,
        userId: call.userId,
        providerPaymentId: call.providerPaymentId,
      });
    } catch (error) {
      // A refusal is recorded (the hold was already gone); a timeout is retried next time.
      if (!(error instanceof PaymentProviderError) || error.retryable) throw error;
    }
    return;
  }
  await abandonProviderCall(deps.db, call.idempotencyKey, 'subject_missing');
}

/** An offer left 'accepting' whose capture is no longer in flight: finish or revert it. */
async function settleAcceptance(deps: OfferDeps, offer: OfferRow): Promise<void> {
  if (!offer.providerPaymentId) return;
  const captureKey = holdKey(offer.id, offer.holdVersion, 'capture');
  if (await isProviderCallPending(deps.db, captureKey)) return;
  const payment = await deps.payments.retrievePayment(offer.providerPaymentId);
  if (payment.status === 'requires_capture') {
    // The capture was refused and the offer never put back: the agent may try again.
    await deps.db
      .update(offers)
      .set({ status: 'pending', updatedAt: new Date() })
      .where(and(eq(offers.id, offer.id), eq(offers.status, 'accepting')));
    return;
  }
  await syncOfferPayment(deps, payment);
}
