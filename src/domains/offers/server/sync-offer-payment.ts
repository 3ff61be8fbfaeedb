import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ProviderPayment } from '@/domains/payments/server/payment-provider';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { OFFER_MESSAGES, type Offer } from '../offers.schema';
import { completeAcceptance } from './accept-offer';
import { requireOwnOffer } from './offer-access';
import { newOfferMail, offerExpiredMail, sendOfferMail } from './offer-emails';
import { closeOffer } from './close-offer';
import { providerError, releaseHold } from './offer-hold';
import { loadOfferRecord, toOffer } from './offer-record';
import { offers, type OfferRow } from './offers.tables';
import { responseDeadlineFor } from './response-deadline';

/** A hold that can still move money or be confirmed: it must not outlive a closed offer. */
const LIVE_PAYMENT_STATUSES = new Set<ProviderPayment['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

const CLOSED_OFFER_STATUSES = new Set(['rejected', 'cancelled', 'expired', 'abandoned']);

/**
 * The payment handler of offers (`handlers.offer`): brings the offer to what the provider
 * says about its hold. Called after the local card form, by the Stripe webhook, by
 * POST /api/offers/{id}/sync and by reconciliation. It only ever applies the current truth
 * with conditional updates, so applying the same state twice, or states out of order,
 * changes nothing the second time.
 */
export async function syncOfferPayment(
  app: FastifyInstance,
  payment: ProviderPayment,
): Promise<void> {
  const offerId = Number(payment.metadata.offerId);
  if (!Number.isInteger(offerId) || offerId < 1) return;
  // The common case first, in one statement: the hold of an offer awaiting it was authorised.
  if (payment.status === 'requires_capture' && (await markAuthorised(app, offerId, payment))) {
    return;
  }
  const [found] = await app.db.select().from(offers).where(eq(offers.id, offerId));
  if (!found) return;
  let offer: OfferRow = found;
  const paymentHoldVersion = Number(payment.metadata.holdVersion ?? offer.holdVersion);

  if (offer.providerPaymentId !== payment.id) {
    if (offer.providerPaymentId === null && paymentHoldVersion === offer.holdVersion) {
      // The hold was placed but its id never recorded (the answer was lost): record it now.
      const [recorded] = await app.db
        .update(offers)
        .set({ providerPaymentId: payment.id, updatedAt: new Date() })
        .where(
          and(
            eq(offers.id, offer.id),
            eq(offers.holdVersion, offer.holdVersion),
            isNull(offers.providerPaymentId),
          ),
        )
        .returning();
      if (!recorded) return;
      offer = recorded;
    } else {
      // A hold of an earlier version of a renewed offer: it must not stay live.
      if (LIVE_PAYMENT_STATUSES.has(payment.status)) {
        await releaseHold(app, {
          ...offer,
          holdVersion: paymentHoldVersion,
          providerPaymentId: payment.id,
        });
      }
      return;
    }
  }

  switch (payment.status) {
    case 'requires_capture':
      if (offer.status === 'awaiting_payment') {
        if (!(await markAuthorised(app, offer.id, payment))) {
          // Optioned or withdrawn while the producer was paying: close it, let the hold go.
          await closeOffer(app, offer.id, ['awaiting_payment'], {
            status: 'rejected',
            rejectionReason: OFFER_MESSAGES.listingUnavailable,
          });
        }
      } else if (CLOSED_OFFER_STATUSES.has(offer.status)) await releaseHold(app, offer);
      return;
    case 'succeeded':
      if (offer.status === 'pending' || offer.status === 'accepting') {
        await completeAcceptance(app, offer.id);
      } else if (offer.status !== 'accepted') {
        app.log.error(
          { offerId: offer.id, paymentId: payment.id, status: offer.status },
          'a hold was captured for an offer that is not accepted',
        );
      }
      return;
    case 'canceled':
      await markHoldGone(app, offer, payment);
      return;
    default:
      if (CLOSED_OFFER_STATUSES.has(offer.status)) {
        await releaseHold(app, offer);
      } else if (offer.status === 'awaiting_payment' && payment.lastError) {
        await app.db
          .update(offers)
          .set({ lastPaymentError: payment.lastError.message.slice(0, 500), updatedAt: new Date() })
          .where(and(eq(offers.id, offer.id), eq(offers.status, 'awaiting_payment')));
      }
  }
}

/**
 * awaiting_payment → pending: the offer reaches the agent with its response deadline.
 * One conditional statement, no lock: an acceptance on the listing rejects every offer still
 * awaiting payment under its listing lock, so whichever of the two commits first, the other
 * finds the offer no longer in the state it expects. Answers whether it moved the offer.
 */
async function markAuthorised(
  app: FastifyInstance,
  offerId: number,
  payment: ProviderPayment,
): Promise<boolean> {
  const now = new Date();
  const [row] = await app.db
    .update(offers)
    .set({
      status: 'pending',
      submittedAt: now,
      authorisedAt: now,
      responseDeadline: responseDeadlineFor(now, payment.authorisationExpiresAt),
      reminderSentAt: null,
      lastPaymentError: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(offers.id, offerId),
        eq(offers.status, 'awaiting_payment'),
        eq(offers.providerPaymentId, payment.id),
        sql`exists (select 1 from listings l
          where l.id = offers.listing_id and l.status = 'available')`,
      ),
    )
    .returning({ id: offers.id });
  if (!row) return false;
  const record = await loadOfferRecord(app.db, offerId);
  if (record) {
    await sendOfferMail(app, record.agent?.email, newOfferMail(record, app.config.publicUrl));
  }
  return true;
}

/**
 * The hold is gone at the provider (released, or lapsed after its 7 days). An unpaid offer
 * is abandoned; one the agent had in hand expires, and its producer is asked to renew it.
 */
async function markHoldGone(
  app: FastifyInstance,
  offer: OfferRow,
  payment: ProviderPayment,
): Promise<void> {
  const now = new Date();
  if (offer.status === 'awaiting_payment') {
    await app.db
      .update(offers)
      .set({
        status: 'abandoned',
        lastPaymentError: payment.lastError?.message.slice(0, 500) ?? offer.lastPaymentError,
        updatedAt: now,
      })
      .where(and(eq(offers.id, offer.id), eq(offers.status, 'awaiting_payment')));
    return;
  }
  if (offer.status !== 'pending' && offer.status !== 'accepting') return;
  const [expired] = await app.db
    .update(offers)
    .set({
      status: 'expired',
      lastPaymentError: payment.lastError?.message.slice(0, 500) ?? null,
      updatedAt: now,
    })
    .where(and(eq(offers.id, offer.id), eq(offers.status, offer.status)))
    .returning();
  if (!expired) return;
  const record = await loadOfferRecord(app.db, offer.id);
  if (record) {
    await sendOfferMail(app, record.producer.email, offerExpiredMail(record, app.config.publicUrl));
  }
}

/**
 * POST /api/offers/{id}/sync: the browser asks us to read the hold's state after the card
 * form (Stripe Elements) confirmed it, rather than waiting for the webhook.
 */
export async function syncOffer(
  app: FastifyInstance,
  user: UserRow,
  offerId: number,
): Promise<Offer> {
  const record = await requireOwnOffer(app.db, user, offerId);
  if (record.offer.providerPaymentId) {
    const payment = await app.payments
      .retrievePayment(record.offer.providerPaymentId)
      .catch((error: unknown) => {
        throw providerError(error);
      });
    await syncOfferPayment(app, payment);
  }
  const fresh = await loadOfferRecord(app.db, offerId);
  return toOffer(fresh ?? record);
}
