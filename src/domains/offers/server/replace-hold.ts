import { and, eq } from 'drizzle-orm';
import { recordLedgerIntent, type ProviderPayment } from '@/domains/payments/server';
import type { OfferDeps } from './offer-deps';
import { requireOfferPartFree, takeClaimedHold } from './accept-offer';
import { announceDealEvent } from './announce-deal-event';
import { holdLedgerEntry, previousHoldReleaseEntry, releasePreviousHold } from './offer-hold';
import { lockListing } from './offer-part';
import { loadOfferRecord } from './offer-record';
import { holdLapseOf } from './offer-terms';
import { offerTerms, offers, type OfferRow } from './offers.tables';
import { responseDeadlineFor } from './response-deadline';

/**
 * The new hold of a re-authorisation is authorised (decision 016): in one transaction the offer
 * moves on at its new price and the release of the hold it replaces is written to the ledger;
 * then that hold is released. Only ever after the new hold is authorised, so the offer is never
 * without a live hold, and the old one can never be captured (a capture takes the current hold
 * only). Where it moves on to depends on the version the new price came from: the producer's
 * acceptance of the agent's counter completes the deal (the offer is claimed for acceptance and
 * the new hold captured, issue 28); a counter back is pending again, the agent's turn. Applying
 * it twice changes nothing.
 */
export async function promoteReplacementHold(
  deps: OfferDeps,
  offer: OfferRow,
  payment: ProviderPayment,
): Promise<boolean> {
  const now = new Date();
  const promoted = await deps.db.transaction(async (tx) => {
    const listing = await lockListing(tx, offer.listingId, 'update');
    const [current] = await tx
      .select({ kind: offerTerms.kind })
      .from(offerTerms)
      .where(and(eq(offerTerms.offerId, offer.id), eq(offerTerms.version, offer.termsVersion)));
    // An acceptance completes only while its part is free; otherwise the agent decides.
    const accepts =
      current?.kind === 'accepted_counter' &&
      (await requireOfferPartFree(tx, listing, offer).then(
        () => true,
        () => false,
      ));
    const [row] = await tx
      .update(offers)
      .set({
        status: accepts ? 'accepting' : 'pending',
        submittedAt: now,
        responseDeadline: responseDeadlineFor(now, payment.authorisationExpiresAt),
        holdExpiresAt: payment.authorisationExpiresAt,
        reminderSentAt: null,
        lastPaymentError: null,
        prevHoldVersion: null,
        prevPaymentId: null,
        prevOfferPricePence: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(offers.id, offer.id),
          eq(offers.status, 'reauthorising'),
          eq(offers.providerPaymentId, payment.id),
        ),
      )
      .returning();
    if (!row) return null;
    const release = previousHoldReleaseEntry(offer);
    if (release) await recordLedgerIntent(tx, deps.payments.name, release);
    if (!accepts) return { accepting: null };
    await recordLedgerIntent(tx, deps.payments.name, holdLedgerEntry(row, 'capture'));
    return { accepting: { ...row, providerPaymentId: payment.id } };
  });
  if (!promoted) return false;
  await releasePreviousHold(deps, offer);
  const record = await loadOfferRecord(deps.db, offer.id);
  if (record) await announceDealEvent(deps, 'hold_reauthorised', record);
  if (promoted.accepting) {
    // The producer accepted the agent's counter: the deal completes on the new hold.
    await takeClaimedHold(deps, promoted.accepting);
  } else if (record) {
    await announceDealEvent(deps, 'counter_answered', record);
  }
  return true;
}

/** The response deadline a counter restarts: the usual window, within the hold's life. */
export const restartedDeadline = (offer: OfferRow, now: Date) =>
  responseDeadlineFor(now, holdLapseOf(offer));
