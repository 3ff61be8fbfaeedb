import { and, eq, inArray, ne } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import {
  PaymentProviderError,
  recordLedgerIntent,
  type ProviderPayment,
} from '@/domains/payments/server';
import { cellsOf, grantRights } from '@/domains/rights/server';
import type { Executor } from '@/server/db/client';
import { addMonths } from '@/shared/dates';
import type { AppDeps } from '@/server/deps';
import { AppError, conflict } from '@/shared/errors';
import { OPEN_OFFER_STATUSES, OPTIONING_STATUSES } from '../offers.constants';
import { OFFER_MESSAGES, type Offer } from '../offers.schema';
import { requireOffer } from './offer-access';
import type { OfferDeps } from './offer-deps';
import { announceDealEvent } from './announce-deal-event';
import { runAfterAcceptance } from './after-acceptance';
import { captureFailedMail, offerAutoRejectedMail, sendOfferMail } from './offer-emails';
import {
  captureHold,
  holdLedgerEntry,
  previousHoldReleaseEntry,
  releaseHold,
  releasePreviousHold,
} from './offer-hold';
import { currentTermsOf, getOfferRecord, loadOfferRecord, toOffer } from './offer-record';
import { loadTermVersions } from './offer-terms';
import { offers, type OfferRow } from './offers.tables';

export const AUTO_REJECTION_REASON = 'Another offer was accepted';

/**
 * The listing's agent accepts a pending offer: the hold is captured exactly once, the listing
 * becomes optioned and every other open offer on it is rejected and released.
 *
 * Exactly once, even with many accepts racing: the decision is taken under a row lock on the
 * listing, which marks the offer 'accepting' and writes the capture's ledger row (with our
 * idempotency key) in the same transaction. A second accept on the listing waits for that lock
 * and then finds an offer accepting. The capture runs after the commit (no lock is held
 * during a network call); if we crash before its outcome is recorded, reconciliation retries
 * it with the same key and finishes the acceptance (docs/decisions/003-offer-holds.md).
 */
export async function acceptOffer(deps: OfferDeps, user: UserRow, offerId: number): Promise<Offer> {
  await requireOffer(deps.db, user, offerId, 'agent');
  const claimed = await claimForAcceptance(deps, offerId);
  await takeClaimedHold(deps, claimed);
  return toOffer(await getOfferRecord(deps.db, offerId));
}

const hasStorage = (deps: OfferDeps): deps is OfferDeps & Pick<AppDeps, 'storage'> =>
  deps.storage !== undefined;

/**
 * After the claim committed (the offer 'accepting', the capture's ledger row written): capture
 * the hold, settle a refusal, record the acceptance. Shared by the agent's acceptance and the
 * producer's acceptance of the agent's counter (decision 016, issue 28 addendum).
 */
export async function takeClaimedHold(
  deps: OfferDeps,
  claimed: OfferRow & { providerPaymentId: string },
): Promise<void> {
  try {
    await captureHold(deps, claimed);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.retryable) {
      // The capture may or may not have happened: the ledger row stays pending and
      // reconciliation retries it with the same key, then completes or reverts the offer.
      throw new AppError(
        'PROVIDER_UNAVAILABLE',
        'The payment provider did not answer. The acceptance will be completed automatically in a few minutes.',
      );
    }
    await settleRefusedCapture(deps, claimed, error);
  }
  await completeAcceptance(deps, claimed.id);
}

/**
 * Under the listing's row lock (FOR UPDATE, taken by the caller): the listing is still
 * available and no other offer on it is being accepted or accepted.
 */
export async function requireListingFree(
  tx: Executor,
  listing: { status: string } | undefined,
  offer: OfferRow,
): Promise<void> {
  if (listing?.status !== 'available') throw conflict('This listing has already been optioned');
  const [busy] = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(
      and(eq(offers.listingId, offer.listingId), inArray(offers.status, [...OPTIONING_STATUSES])),
    )
    .limit(1);
  if (busy) throw conflict('Another offer on this listing is being accepted');
}

/** The decision, under the listing's row lock: pending → accepting, plus the ledger row. */
async function claimForAcceptance(
  deps: OfferDeps,
  offerId: number,
): Promise<OfferRow & { providerPaymentId: string }> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(offers).where(eq(offers.id, offerId));
    const [listing] = await tx
      .select({ status: listings.status })
      .from(listings)
      .where(eq(listings.id, current.listingId))
      .for('update');
    // Re-read under the lock: another request may have decided meanwhile.
    const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId));
    if (offer.status === 'accepting') throw conflict('This offer is already being accepted');
    if (offer.status !== 'pending') throw conflict('Only pending offers can be accepted');
    await requireListingFree(tx, listing, offer);
    if (!offer.providerPaymentId) throw conflict('This offer has no card hold to capture');
    const [row] = await tx
      .update(offers)
      .set({ status: 'accepting', lastPaymentError: null, updatedAt: new Date() })
      .where(and(eq(offers.id, offerId), eq(offers.status, 'pending')))
      .returning();
    await recordLedgerIntent(tx, deps.payments.name, holdLedgerEntry(row, 'capture'));
    return { ...row, providerPaymentId: offer.providerPaymentId };
  });
}

/**
 * The provider refused the capture. A lapsed hold makes the offer expired (the producer
 * renews it); any other refusal puts it back to pending. Either way the producer is told.
 */
async function settleRefusedCapture(
  deps: OfferDeps,
  offer: OfferRow & { providerPaymentId: string },
  error: PaymentProviderError,
): Promise<void> {
  let truth: ProviderPayment | null = null;
  try {
    truth = await deps.payments.retrievePayment(offer.providerPaymentId);
  } catch (retrieveError) {
    deps.log.warn({ err: retrieveError, offerId: offer.id }, 'hold state unknown after refusal');
  }
  // Captured after all (a retried capture whose first answer was lost): finish the job.
  if (truth?.status === 'succeeded') return;
  const lapsed = truth?.status === 'canceled' || error.code === 'authorization_expired';
  const now = new Date();
  const [row] = await deps.db
    .update(offers)
    .set({
      status: lapsed ? 'expired' : 'pending',
      lastPaymentError: error.message.slice(0, 500),
      updatedAt: now,
    })
    .where(and(eq(offers.id, offer.id), eq(offers.status, 'accepting')))
    .returning();
  const record = await loadOfferRecord(deps.db, offer.id);
  if (row && record) {
    await sendOfferMail(
      deps,
      record.producer.email,
      captureFailedMail(record, deps.config.publicUrl, error.message),
    );
  }
  if (lapsed) throw new AppError('CONFLICT', OFFER_MESSAGES.holdExpired);
  throw new AppError(
    'PAYMENT_FAILED',
    `The card payment for this offer could not be taken (${error.message}) The producer has been asked to re-authorise it.`,
  );
}

/**
 * Records an accepted offer once its hold is captured: offer accepted, listing optioned,
 * every other open offer rejected and released, emails. Idempotent: a second call (webhook,
 * reconciliation, a retried request) finds nothing left to do and answers false.
 */
export async function completeAcceptance(deps: OfferDeps, offerId: number): Promise<boolean> {
  const now = new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId));
    if (!offer) return null;
    await tx
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.id, offer.listingId))
      .for('update');
    const [accepted] = await tx
      .update(offers)
      .set({ status: 'accepted', decidedAt: now, updatedAt: now, lastPaymentError: null })
      .where(and(eq(offers.id, offerId), inArray(offers.status, ['pending', 'accepting'])))
      .returning();
    if (!accepted) return null;
    const terms = await loadTermVersions(tx, accepted);
    const agreed = terms[terms.length - 1];
    const afterCommit = await grantRights(tx, {
      listingId: offer.listingId,
      offerId,
      producerId: offer.producerId,
      cells: cellsOf(agreed.media, agreed.territories),
      startsAt: now,
      endsAt: addMonths(now, agreed.optionPeriod),
    });
    const others = await tx
      .select()
      .from(offers)
      .where(
        and(
          eq(offers.listingId, offer.listingId),
          ne(offers.id, offerId),
          inArray(offers.status, [...OPEN_OFFER_STATUSES]),
        ),
      )
      .for('update');
    if (others.length > 0) {
      await tx
        .update(offers)
        .set({
          status: 'rejected',
          rejectionReason: AUTO_REJECTION_REASON,
          decidedAt: now,
          updatedAt: now,
        })
        .where(
          inArray(
            offers.id,
            others.map((other) => other.id),
          ),
        );
      for (const other of others) {
        if (other.providerPaymentId) {
          await recordLedgerIntent(tx, deps.payments.name, holdLedgerEntry(other, 'release'));
        }
        const previous = previousHoldReleaseEntry(other);
        if (previous) await recordLedgerIntent(tx, deps.payments.name, previous);
      }
    }
    return { others, afterCommit };
  });
  if (!outcome) return false;
  // The listing is optioned now: this instance's catalogue must not keep showing it available.
  outcome.afterCommit();

  for (const other of outcome.others) {
    await releaseHold(deps, other);
    await releasePreviousHold(deps, other);
  }
  const record = await loadOfferRecord(deps.db, offerId);
  if (record) {
    // Accepting the agent's counter was the producer's act: the agent hears of it; the
    // producer is told of the charge either way.
    if (currentTermsOf(record).kind === 'accepted_counter') {
      await announceDealEvent(deps, 'counter_accepted', record);
    }
    await announceDealEvent(deps, 'accepted', record);
  }
  // The capture has committed: the option agreement is made now (or by the job later), by
  // the agreements room's step (after-acceptance.ts).
  // (Passed as it is: `deps` may be the app itself, whose properties a spread would lose.)
  if (hasStorage(deps)) await runAfterAcceptance(deps, offerId);
  for (const other of outcome.others) {
    // Only producers whose offer had reached the agent hear about it; an unpaid one just closes.
    if (other.status === 'awaiting_payment') continue;
    const otherRecord = await loadOfferRecord(deps.db, other.id);
    if (otherRecord) {
      await announceDealEvent(deps, 'rejected', otherRecord, {
        mail: offerAutoRejectedMail(otherRecord, deps.config.publicUrl),
      });
    }
  }
  return true;
}
