import { and, eq } from 'drizzle-orm';
import { recordLedgerIntent, type ProviderPayment } from '@/domains/payments/server';
import type { OfferDeps } from './offer-deps';
import { counterAnsweredMail, sendOfferMail } from './offer-emails';
import { previousHoldReleaseEntry, releasePreviousHold } from './offer-hold';
import { loadOfferRecord } from './offer-record';
import { holdLapseOf } from './offer-terms';
import { offers, type OfferRow } from './offers.tables';
import { responseDeadlineFor } from './response-deadline';

/**
 * The new hold of a re-authorisation is authorised (decision 016): in one transaction the offer
 * is pending again at its new price, with a new response deadline, and the release of the hold
 * it replaces is written to the ledger; then that hold is released. Only ever after the new
 * hold is authorised, so the offer is never without a live hold, and the old one can never be
 * captured (a capture takes the current hold only). Applying it twice changes nothing.
 */
export async function promoteReplacementHold(
  deps: OfferDeps,
  offer: OfferRow,
  payment: ProviderPayment,
): Promise<boolean> {
  const now = new Date();
  const promoted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(offers)
      .set({
        status: 'pending',
        submittedAt: now,
        responseDeadline: responseDeadlineFor(now, payment.authorisationExpiresAt),
        holdExpiresAt: payment.authorisationExpiresAt,
        reminderSentAt: null,
        lastPaymentError: null,
        prevHoldVersion: null,
        prevPaymentId: null,
        prevHoldPricePence: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(offers.id, offer.id),
          eq(offers.status, 'reauthorising'),
          eq(offers.providerPaymentId, payment.id),
        ),
      )
      .returning({ id: offers.id });
    if (!row) return false;
    const release = previousHoldReleaseEntry(offer);
    if (release) await recordLedgerIntent(tx, deps.payments.name, release);
    return true;
  });
  if (!promoted) return false;
  await releasePreviousHold(deps, offer);
  const record = await loadOfferRecord(deps.db, offer.id);
  if (record) {
    await sendOfferMail(
      deps,
      record.agent?.email,
      counterAnsweredMail(record, deps.config.publicUrl),
    );
  }
  return true;
}

/** The response deadline a counter restarts: the usual window, within the hold's life. */
export const restartedDeadline = (offer: OfferRow, now: Date) =>
  responseDeadlineFor(now, holdLapseOf(offer));
