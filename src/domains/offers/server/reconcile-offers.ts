import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNotNull, like, lt } from 'drizzle-orm';
import { paymentLedger } from '@/domains/payments/server/payments.tables';
import {
  PaymentProviderError,
  type ProviderPayment,
} from '@/domains/payments/server/payment-provider';
import { listings } from '@/domains/listings/server/listings.tables';
import { captureHold, holdKey, placeHold, releaseHold, type HoldAction } from './offer-hold';
import { offers, type OfferRow } from './offers.tables';
import { syncOfferPayment } from './sync-offer-payment';

type LedgerRow = typeof paymentLedger.$inferSelect;

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
  failures: number;
}

const KEY_PATTERN = /^offer:(\d+):hold:(\d+):(create|capture|release)$/;

/**
 * Brings offers and their holds back into agreement after a crash or a provider timeout
 * (run at start and periodically by the job runner):
 * 1. every offer provider call whose outcome we never saw (ledger row still pending) is made
 *    again with the SAME idempotency key, so it cannot act twice, and the provider's answer
 *    is applied to the offer;
 * 2. an acceptance left half-way (offer 'accepting', capture no longer pending) is finished
 *    or reverted from the provider's truth: captured → accepted, still held → pending;
 * 3. offers awaiting payment whose hold may have been confirmed without us hearing of it
 *    (a lost webhook) are refreshed.
 * Several instances may run it at once: every step is idempotent.
 */
export async function reconcileOffers(
  app: FastifyInstance,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.olderThanMs ?? 0));
  const limit = options.limit ?? 200;
  const report: ReconcileReport = {
    retriedCalls: 0,
    settledAcceptances: 0,
    refreshedAwaiting: 0,
    failures: 0,
  };
  const attempt = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
      return true;
    } catch (error) {
      report.failures += 1;
      app.log.warn({ err: error, what }, 'offer reconciliation step failed; will retry');
      return false;
    }
  };

  const pendingCalls = await app.db
    .select()
    .from(paymentLedger)
    .where(
      and(
        eq(paymentLedger.outcome, 'pending'),
        like(paymentLedger.subject, 'offer:%'),
        lt(paymentLedger.createdAt, cutoff),
      ),
    )
    .orderBy(asc(paymentLedger.id))
    .limit(limit);
  for (const call of pendingCalls) {
    if (await attempt(call.idempotencyKey, () => retryCall(app, call))) report.retriedCalls += 1;
  }

  const halfAccepted = await app.db
    .select()
    .from(offers)
    .where(and(eq(offers.status, 'accepting'), lt(offers.updatedAt, cutoff)))
    .limit(limit);
  for (const offer of halfAccepted) {
    if (await attempt(`accepting:${offer.id}`, () => settleAcceptance(app, offer))) {
      report.settledAcceptances += 1;
    }
  }

  const awaiting = await app.db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.status, 'awaiting_payment'),
        isNotNull(offers.providerPaymentId),
        lt(offers.updatedAt, cutoff),
      ),
    )
    .orderBy(asc(offers.updatedAt))
    .limit(limit);
  for (const offer of awaiting) {
    const refreshed = await attempt(`awaiting:${offer.id}`, async () => {
      const payment = await app.payments.retrievePayment(offer.providerPaymentId ?? '');
      await syncOfferPayment(app, payment);
    });
    if (refreshed) report.refreshedAwaiting += 1;
  }
  return report;
}

/** One provider call made again with its own key, then the answer applied to the offer. */
async function retryCall(app: FastifyInstance, call: LedgerRow): Promise<void> {
  const match = KEY_PATTERN.exec(call.idempotencyKey);
  const [offer] = match
    ? await app.db
        .select()
        .from(offers)
        .where(eq(offers.id, Number(match[1])))
    : [];
  if (!match || !offer) {
    // Nothing left to reconcile it with (the offer was deleted with its account).
    await app.db
      .update(paymentLedger)
      .set({ outcome: 'failed', errorCode: 'subject_missing', completedAt: new Date() })
      .where(eq(paymentLedger.id, call.id));
    return;
  }
  const hold = {
    ...offer,
    holdVersion: Number(match[2]),
    providerPaymentId: call.providerPaymentId ?? offer.providerPaymentId,
  };
  const action = match[3] as HoldAction;
  let payment: ProviderPayment | null = null;
  if (action === 'create') {
    const [listing] = await app.db
      .select({ title: listings.title })
      .from(listings)
      .where(eq(listings.id, offer.listingId));
    payment = await placeHold(app, hold, listing?.title ?? `listing ${offer.listingId}`);
  } else if (!hold.providerPaymentId) {
    return;
  } else if (action === 'capture') {
    const paymentId = hold.providerPaymentId;
    try {
      payment = await captureHold(app, { ...hold, providerPaymentId: paymentId });
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || error.retryable) throw error;
      payment = await app.payments.retrievePayment(paymentId);
    }
  } else {
    payment = await releaseHold(app, hold);
  }
  if (payment) await syncOfferPayment(app, payment);
}

/** An offer left 'accepting' whose capture is no longer in flight: finish or revert it. */
async function settleAcceptance(app: FastifyInstance, offer: OfferRow): Promise<void> {
  if (!offer.providerPaymentId) return;
  const [inFlight] = await app.db
    .select({ id: paymentLedger.id })
    .from(paymentLedger)
    .where(
      and(
        eq(paymentLedger.idempotencyKey, holdKey(offer.id, offer.holdVersion, 'capture')),
        eq(paymentLedger.outcome, 'pending'),
      ),
    );
  if (inFlight) return;
  const payment = await app.payments.retrievePayment(offer.providerPaymentId);
  if (payment.status === 'requires_capture') {
    // The capture was refused and the offer never put back: the agent may try again.
    await app.db
      .update(offers)
      .set({ status: 'pending', updatedAt: new Date() })
      .where(and(eq(offers.id, offer.id), eq(offers.status, 'accepting')));
    return;
  }
  await syncOfferPayment(app, payment);
}
