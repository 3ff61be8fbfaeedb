import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { ProviderPayment } from '@/domains/payments/server';
import type { Database } from '@/server/db/client';
import { CLOSED_OFFER_STATUSES, type OfferStatus } from '../offers.constants';
import { OFFER_MESSAGES } from '../offers.schema';
import { completeAcceptance } from './complete-acceptance';
import { closeOffer } from './close-offer';
import type { OfferDeps } from './offer-deps';
import { notify } from '@/domains/notifications/server';
import { formatPounds } from '@/shared/money';
import { announceDealEvent, dealPath } from './announce-deal-event';
import { newOfferMail, sendOfferMail } from './offer-emails';
import { recordHoldId, releaseHold, releaseOrphanHold, releasePreviousHold } from './offer-hold';
import { loadOfferRecord } from './offer-record';
import { offers, type OfferRow } from './offers.tables';
import { promoteReplacementHold } from './replace-hold';
import { responseDeadlineFor } from './response-deadline';
import { preparedPerDatabase } from '@/server/db/prepared-per-database';

/** A hold that can still move money or be confirmed: it must not outlive a closed offer. */
export const LIVE_PAYMENT_STATUSES: ReadonlySet<ProviderPayment['status']> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

const isClosed = (status: OfferStatus) =>
  (CLOSED_OFFER_STATUSES as readonly OfferStatus[]).includes(status);

/**
 * The payment handler of offers (`handlers.offer`): brings the offer to what the provider
 * says about its hold. Called after the local card form, by the Stripe webhook, by
 * POST /api/offers/{id}/sync and by reconciliation. It only ever applies the current truth
 * with conditional updates, so applying the same state twice, or states out of order,
 * changes nothing the second time.
 */
export async function syncOfferPayment(deps: OfferDeps, payment: ProviderPayment): Promise<void> {
  const offerId = Number(payment.metadata.offerId);
  if (!Number.isInteger(offerId) || offerId < 1) return;
  // The common case first, in one statement: the hold of an offer awaiting it was authorised.
  if (payment.status === 'requires_capture' && (await markAuthorised(deps, offerId, payment))) {
    return;
  }
  const [found] = await deps.db.select().from(offers).where(eq(offers.id, offerId));
  if (!found) {
    // No offer stands behind this hold any more: it must not stay live.
    const holdVersion = Number(payment.metadata.holdVersion);
    if (LIVE_PAYMENT_STATUSES.has(payment.status) && Number.isInteger(holdVersion)) {
      await releaseOrphanHold(deps, {
        offerId,
        holdVersion,
        amountPence: payment.amountPence,
        userId: null,
        providerPaymentId: payment.id,
      });
    }
    return;
  }
  let offer: OfferRow = found;
  const paymentHoldVersion = Number(payment.metadata.holdVersion ?? offer.holdVersion);

  if (offer.prevPaymentId === payment.id) {
    // The hold a re-authorisation replaces: it backs the offer until the new one is
    // authorised (decision 016); once the offer left that state it must not stay live.
    if (offer.status !== 'reauthorising' && LIVE_PAYMENT_STATUSES.has(payment.status)) {
      await releasePreviousHold(deps, offer);
    }
    return;
  }

  if (offer.providerPaymentId !== payment.id) {
    if (offer.providerPaymentId === null && paymentHoldVersion === offer.holdVersion) {
      // The hold was placed but its id never recorded (the answer was lost): record it now.
      const [recorded] = await recordHoldId(deps.db, offer, payment.id).returning();
      if (!recorded) return;
      offer = recorded;
    } else {
      // A hold of an earlier version of a renewed offer: it must not stay live.
      if (LIVE_PAYMENT_STATUSES.has(payment.status)) {
        await releaseHold(deps, {
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
        if (!(await markAuthorised(deps, offer.id, payment))) {
          // Optioned or withdrawn while the producer was paying: close it, let the hold go.
          await closeOffer(deps, offer.id, ['awaiting_payment'], {
            status: 'rejected',
            rejectionReason: OFFER_MESSAGES.listingUnavailable,
          });
        }
      } else if (offer.status === 'reauthorising') {
        await promoteReplacementHold(deps, offer, payment);
      } else if (isClosed(offer.status)) await releaseHold(deps, offer);
      return;
    case 'succeeded':
      if (offer.status === 'pending' || offer.status === 'accepting') {
        await completeAcceptance(deps, offer.id);
      } else if (offer.status !== 'accepted') {
        deps.log.error(
          { offerId: offer.id, paymentId: payment.id, status: offer.status },
          'a hold was captured for an offer that is not accepted',
        );
      }
      return;
    case 'canceled':
      await markHoldGone(deps, offer, payment);
      return;
    default:
      if (isClosed(offer.status)) {
        await releaseHold(deps, offer);
      } else if (
        (offer.status === 'awaiting_payment' || offer.status === 'reauthorising') &&
        payment.lastError
      ) {
        await deps.db
          .update(offers)
          .set({ lastPaymentError: payment.lastError.message.slice(0, 500), updatedAt: new Date() })
          .where(and(eq(offers.id, offer.id), eq(offers.status, offer.status)));
      }
  }
}

/**
 * awaiting_payment → pending: the offer reaches the agent with its response deadline.
 * One conditional statement, no lock: an acceptance on the listing rejects every offer still
 * awaiting payment under its listing lock, so whichever of the two commits first, the other
 * finds the offer no longer in the state it expects. The same statement answers what the
 * agent's email needs. Answers whether it moved the offer.
 */
async function markAuthorised(
  deps: OfferDeps,
  offerId: number,
  payment: ProviderPayment,
): Promise<boolean> {
  const now = new Date();
  const [record] = await markAuthorisedStatement(deps.db).execute({
    offerId,
    paymentId: payment.id,
    now: now.toISOString(),
    responseDeadline: responseDeadlineFor(now, payment.authorisationExpiresAt).toISOString(),
    holdExpiresAt: payment.authorisationExpiresAt?.toISOString() ?? null,
  });
  if (!record) return false;
  await sendOfferMail(deps, record.agent?.email, newOfferMail(record, deps.config.publicUrl));
  if (record.agent?.id) {
    await notify(deps.db, [
      {
        userId: record.agent.id,
        kind: 'deal_offer_received',
        title: `New offer of ${formatPounds(record.offer.offerPricePence, { exact: true })} on "${record.listing.title}"`,
        url: dealPath(offerId, 'agent'),
      },
    ]);
  }
  return true;
}

const agents = alias(users, 'agents');

/** markAuthorised's statement, prepared once per database: every authorised hold runs it. */
function prepareMarkAuthorised(db: Database) {
  return (
    db
      .update(offers)
      .set({
        status: 'pending',
        submittedAt: sql`${sql.placeholder('now')}`,
        responseDeadline: sql`${sql.placeholder('responseDeadline')}`,
        holdExpiresAt: sql`${sql.placeholder('holdExpiresAt')}`,
        reminderSentAt: null,
        lastPaymentError: null,
        updatedAt: sql`${sql.placeholder('now')}`,
      })
      // What the agent's email needs, in the same statement.
      .from(listings)
      .leftJoin(agents, eq(agents.id, listings.agentId))
      // A FROM item may not refer to the updated table: the producer is matched below.
      .innerJoin(users, sql`true`)
      .where(
        and(
          eq(offers.id, sql.placeholder('offerId')),
          eq(offers.status, 'awaiting_payment'),
          eq(offers.providerPaymentId, sql.placeholder('paymentId')),
          eq(listings.id, offers.listingId),
          eq(listings.status, 'available'),
          eq(users.id, offers.producerId),
        ),
      )
      .returning({
        offer: {
          offerPricePence: offers.offerPricePence,
          optionPeriod: offers.optionPeriod,
          responseDeadline: offers.responseDeadline,
        },
        listing: { title: listings.title },
        producer: {
          firstName: users.firstName,
          lastName: users.lastName,
          companyName: users.companyName,
        },
        agent: { id: agents.id, firstName: agents.firstName, email: agents.email },
      })
      .prepare('offers_mark_authorised')
  );
}
const markAuthorisedStatement = preparedPerDatabase(prepareMarkAuthorised);

/**
 * The hold is gone at the provider (released, or lapsed after its 7 days). An unpaid offer
 * is abandoned; one the agent had in hand expires, and its producer is asked to renew it.
 */
async function markHoldGone(
  deps: OfferDeps,
  offer: OfferRow,
  payment: ProviderPayment,
): Promise<void> {
  const now = new Date();
  if (offer.status === 'awaiting_payment') {
    await deps.db
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
  const [expired] = await deps.db
    .update(offers)
    .set({
      status: 'expired',
      lastPaymentError: payment.lastError?.message.slice(0, 500) ?? null,
      updatedAt: now,
    })
    .where(and(eq(offers.id, offer.id), eq(offers.status, offer.status)))
    .returning();
  if (!expired) return;
  const record = await loadOfferRecord(deps.db, offer.id);
  if (record) await announceDealEvent(deps, 'hold_released', record);
}
