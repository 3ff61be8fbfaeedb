import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { PlatformUser } from '@/server/platform-user';
import { withdrawAgentListings } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import { findPendingCallsFor } from '@/domains/payments/server';
import type { Executor } from '@/server/db/client';
import { AppError, conflict } from '@/shared/errors';
import { OPEN_OFFER_STATUSES, type OfferStatus } from '../offers.constants';
import { closeOffer } from './close-offer';
import type { OfferDeps } from './offer-deps';
import { listingWithdrawnMail, sendOfferMail } from './offer-emails';
import { offerSubject } from './offer-hold';
import { loadOfferRecord } from './offer-record';
import { offers } from './offers.tables';
import { retryOfferCall } from './reconcile-offers';

export const ACCEPTANCE_IN_FLIGHT =
  'An offer on this account is being accepted right now. Please try again in a few minutes.';
export const HOLDS_NOT_RELEASED =
  'The card holds of this account’s offers could not all be released yet, so the account was not deleted. Please try again in a few minutes.';
export const ACCOUNT_CLOSED_REASON = 'The producer deleted their account';
export const LISTING_WITHDRAWN_REASON = 'The listing was withdrawn';

/** The offers a person is part of: made by them, or on their listings. */
export function offersInvolving(db: Executor, userId: number): SQL | undefined {
  return or(
    eq(offers.producerId, userId),
    inArray(
      offers.listingId,
      db.select({ id: listings.id }).from(listings).where(eq(listings.agentId, userId)),
    ),
  );
}

/**
 * The offers room's part when an account is deleted, before anything is erased:
 * 1. refuse (409) while an acceptance involving the person is in flight: its capture decides
 *    whether money moved, and that must be known first;
 * 2. an agent's listings leave the market (withdrawn), under the same row locks an acceptance
 *    takes, so no offer is accepted or placed on them from now on;
 * 3. every open offer of theirs, or on their listings, is closed and its hold released through
 *    the provider, each release written to the ledger with its own key first;
 * 4. every provider call about those offers whose outcome is not known is made again; if one
 *    still is not settled the deletion stops (503) and the account stays, to be tried again.
 */
export async function closeAccountOffers(deps: OfferDeps, user: PlatformUser): Promise<void> {
  const withdrawn = await deps.db.transaction(async (tx) => {
    await tx
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.agentId, user.id))
      .for('update');
    const [inFlight] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.status, 'accepting'), offersInvolving(tx, user.id)))
      .limit(1);
    if (inFlight) throw conflict(ACCEPTANCE_IN_FLIGHT);
    return withdrawAgentListings(tx, user.id);
  });
  withdrawn.afterCommit();

  await closeOpenOffers(deps, user);
  await settleProviderCalls(deps, user);
}

/** Closes every open offer the person is part of, releasing each hold (idempotent). */
export async function closeOpenOffers(deps: OfferDeps, user: PlatformUser): Promise<void> {
  const open = await deps.db
    .select({ id: offers.id, status: offers.status, producerId: offers.producerId })
    .from(offers)
    .where(
      and(inArray(offers.status, [...OPEN_OFFER_STATUSES]), offersInvolving(deps.db, user.id)),
    );
  for (const offer of open) {
    if (offer.producerId === user.id) {
      await closeOffer(
        deps,
        offer.id,
        [offer.status],
        offer.status === 'awaiting_payment'
          ? { status: 'abandoned' }
          : { status: 'cancelled', cancellationReason: ACCOUNT_CLOSED_REASON },
      );
      continue;
    }
    // Another producer's offer on the person's (now withdrawn) listing.
    await rejectForWithdrawnListing(deps, offer);
  }
}

/**
 * An open offer on a listing that left the market is rejected and its hold released
 * (ledgered); a producer whose offer had reached the agent is told. Answers whether it closed.
 */
export async function rejectForWithdrawnListing(
  deps: OfferDeps,
  offer: { id: number; status: OfferStatus },
): Promise<boolean> {
  const closed = await closeOffer(deps, offer.id, [offer.status], {
    status: 'rejected',
    rejectionReason: LISTING_WITHDRAWN_REASON,
  });
  if (closed && offer.status !== 'awaiting_payment') {
    const record = await loadOfferRecord(deps.db, offer.id);
    if (record) {
      await sendOfferMail(
        deps,
        record.producer.email,
        listingWithdrawnMail(record, deps.config.publicUrl),
      );
    }
  }
  return closed !== null;
}

/** The ledger's unsettled calls about the person's offers are made again, twice at most. */
async function settleProviderCalls(deps: OfferDeps, user: PlatformUser): Promise<void> {
  const involved = await deps.db
    .select({ id: offers.id })
    .from(offers)
    .where(offersInvolving(deps.db, user.id));
  const subjects = involved.map((offer) => offerSubject(offer.id));
  for (let round = 0; round < 2; round += 1) {
    const pending = await findPendingCallsFor(deps.db, subjects);
    if (pending.length === 0) return;
    for (const call of pending) {
      try {
        await retryOfferCall(deps, call);
      } catch (error) {
        deps.log.warn({ err: error, key: call.idempotencyKey }, 'provider call still unsettled');
      }
    }
  }
  if ((await findPendingCallsFor(deps.db, subjects)).length > 0) {
    throw new AppError('PROVIDER_UNAVAILABLE', HOLDS_NOT_RELEASED);
  }
}
