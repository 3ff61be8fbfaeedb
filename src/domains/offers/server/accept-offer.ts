import { and, eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import {
  PaymentProviderError,
  recordLedgerIntent,
  type ProviderPayment,
} from '@/domains/payments/server';
import type { Executor } from '@/server/db/client';
import { AppError, conflict } from '@/shared/errors';
import { OFFER_MESSAGES, type Offer } from '../offers.schema';
import { completeAcceptance } from './complete-acceptance';
import { requireOffer } from './offer-access';
import type { OfferDeps } from './offer-deps';
import { captureFailedMail, sendOfferMail } from './offer-emails';
import { captureHold, holdLedgerEntry } from './offer-hold';
import { findLiveCells } from '@/domains/rights/server';
import {
  currentPartOf,
  lockListing,
  overlapOf,
  requirePartFree,
  takenConflict,
  type LockedListing,
  type PartMessages,
} from './offer-part';
import { getOfferRecord, loadOfferRecord, toOffer } from './offer-record';
import { offerTerms, offers, type OfferRow } from './offers.tables';

/**
 * The listing's agent accepts a pending offer: the hold is captured exactly once, the offer's
 * part of the listing's rights is granted and every other open offer on that part is rejected
 * and released (offers on other parts stay open, issue 29).
 *
 * Exactly once, even with many accepts racing: the decision is taken under a row lock on the
 * listing, which marks the offer 'accepting' and writes the capture's ledger row (with our
 * idempotency key) in the same transaction. A second accept on the listing waits for that lock
 * and then finds the cells of the first counted as taken (refused if its part overlaps). The capture runs after the commit (no lock is held
 * during a network call); if we crash before its outcome is recorded, reconciliation retries
 * it with the same key and finishes the acceptance (docs/decisions/003-offer-holds.md).
 */
export async function acceptOffer(deps: OfferDeps, user: UserRow, offerId: number): Promise<Offer> {
  await requireOffer(deps.db, user, offerId, 'agent');
  const claimed = await claimForAcceptance(deps, offerId);
  await takeClaimedHold(deps, claimed);
  return toOffer(await getOfferRecord(deps.db, offerId));
}

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

/** What an acceptance is refused with when the listing itself is in the way. */
export const ACCEPTANCE_MESSAGES: PartMessages = {
  unavailable: 'This listing has already been optioned',
  beingAccepted: 'Another offer on this listing is being accepted',
};

/**
 * Under the listing's row lock (FOR UPDATE, taken by the caller): the offer's current part is
 * free: no live deal holds any of its cells and no other offer being accepted covers them
 * (409 naming the cells). Disjoint parts of one listing are accepted side by side (issue 29).
 */
export async function requireOfferPartFree(
  tx: Executor,
  listing: LockedListing | undefined,
  offer: OfferRow,
  messages: PartMessages = ACCEPTANCE_MESSAGES,
): Promise<void> {
  const [current] = await tx
    .select()
    .from(offerTerms)
    .where(and(eq(offerTerms.offerId, offer.id), eq(offerTerms.version, offer.termsVersion)));
  const part = listing ? currentPartOf(offer, current ?? null, listing) : [];
  await requirePartFree(tx, listing, part, messages, offer.id);
}

/**
 * An offer closed because another deal took its cells: the agent who clicks Accept on it is
 * told which cells are taken (as an acceptance that lost the race by a moment is), not only
 * that it is no longer pending.
 */
async function requireNotOptionedElsewhere(
  tx: Executor,
  listing: LockedListing | undefined,
  offer: OfferRow,
): Promise<void> {
  if (!listing) return;
  const [current] = await tx
    .select()
    .from(offerTerms)
    .where(and(eq(offerTerms.offerId, offer.id), eq(offerTerms.version, offer.termsVersion)));
  const live = await findLiveCells(tx, listing.id);
  const others = live.cells.filter((cell) => cell.offerId !== offer.id);
  const overlap = overlapOf(currentPartOf(offer, current ?? null, listing), others);
  if (overlap.length > 0) throw takenConflict(overlap);
}

/** The decision, under the listing's row lock: pending → accepting, plus the ledger row. */
async function claimForAcceptance(
  deps: OfferDeps,
  offerId: number,
): Promise<OfferRow & { providerPaymentId: string }> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(offers).where(eq(offers.id, offerId));
    const listing = await lockListing(tx, current.listingId, 'update');
    // Re-read under the lock: another request may have decided meanwhile.
    const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId));
    if (offer.status === 'accepting') throw conflict('This offer is already being accepted');
    if (offer.status === 'rejected') await requireNotOptionedElsewhere(tx, listing, offer);
    if (offer.status !== 'pending') throw conflict('Only pending offers can be accepted');
    await requireOfferPartFree(tx, listing, offer);
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
