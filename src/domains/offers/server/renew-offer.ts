import { and, eq, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { recordLedgerIntent } from '@/domains/payments/server';
import { conflict, postgresErrorCode } from '@/shared/errors';
import { OFFER_MESSAGES, type CreateOfferResponse } from '../offers.schema';
import { requireOfferPartFree } from './accept-offer';
import { requireOffer } from './offer-access';
import { lockListing } from './offer-part';
import type { HoldDeps } from './offer-deps';
import { holdLedgerEntry } from './offer-hold';
import { offers } from './offers.tables';
import { startOfferPayment } from './start-offer-payment';

/**
 * One click on an expired offer: a new hold (holdVersion + 1, so fresh idempotency keys)
 * that the producer confirms with their card; once authorised the offer is pending again
 * with a new response deadline.
 */
export async function renewOffer(
  deps: HoldDeps,
  user: UserRow,
  offerId: number,
): Promise<CreateOfferResponse> {
  const record = await requireOffer(deps.db, user, offerId, 'producer');
  if (record.offer.status !== 'expired') throw conflict('Only expired offers can be renewed');
  let renewed;
  try {
    renewed = await deps.db.transaction(async (tx) => {
      const listing = await lockListing(tx, record.offer.listingId, 'share');
      if (listing?.status !== 'available') throw conflict(OFFER_MESSAGES.listingUnavailable);
      // Its part may have been optioned to someone else while it was expired (issue 29).
      await requireOfferPartFree(tx, listing, record.offer, {
        unavailable: OFFER_MESSAGES.listingUnavailable,
      });
      const [row] = await tx
        .update(offers)
        .set({
          status: 'awaiting_payment',
          holdVersion: sql`${offers.holdVersion} + 1`,
          providerPaymentId: null,
          responseDeadline: null,
          reminderSentAt: null,
          lastPaymentError: null,
          updatedAt: new Date(),
        })
        .where(and(eq(offers.id, offerId), eq(offers.status, 'expired')))
        .returning();
      if (!row) throw conflict('Only expired offers can be renewed');
      await recordLedgerIntent(tx, deps.payments.name, holdLedgerEntry(row, 'create'));
      return row;
    });
  } catch (error) {
    // Another open offer of theirs on this listing (one open offer per producer per listing).
    if (postgresErrorCode(error) === '23505') throw conflict(OFFER_MESSAGES.alreadyOpen);
    throw error;
  }
  return startOfferPayment(deps, { ...record, offer: renewed });
}
