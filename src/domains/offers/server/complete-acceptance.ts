import { and, eq, inArray } from 'drizzle-orm';
import { recordLedgerIntent } from '@/domains/payments/server';
import { findLiveCells, grantRights, type RightsCell } from '@/domains/rights/server';
import type { AppDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { addMonths } from '@/shared/dates';
import { conflict, postgresErrorCode, type AppError } from '@/shared/errors';
import { OPEN_OFFER_STATUSES } from '../offers.constants';
import { announceDealEvent } from './announce-deal-event';
import { runAfterAcceptance } from './after-acceptance';
import { offerAutoRejectedMail } from './offer-emails';
import {
  holdLedgerEntry,
  previousHoldReleaseEntry,
  releaseHold,
  releasePreviousHold,
} from './offer-hold';
import type { OfferDeps } from './offer-deps';
import {
  cellsLabel,
  currentPartOf,
  lockListing,
  offersWithCurrentTerms,
  overlapOf,
  partOfTerms,
  partsOverlap,
  takenConflict,
} from './offer-part';
import { currentTermsOf, loadOfferRecord } from './offer-record';
import { loadTermVersions } from './offer-terms';
import { offers, type OfferRow } from './offers.tables';

/** Why an open offer closed when another took the whole of a listing with no cells. */
export const AUTO_REJECTION_REASON = 'Another offer was accepted';

/** Why an open offer closed when another took some of the cells it covers (issue 29). */
export const optionedElsewhereReason = (cells: readonly RightsCell[]) =>
  cells.length === 0
    ? AUTO_REJECTION_REASON
    : `The rights this offer covers (${cellsLabel(cells)}) were optioned to another producer`;

/** An open offer the acceptance closes, and the cells it covered that were granted. */
interface Closed {
  row: OfferRow;
  taken: RightsCell[];
}

const hasStorage = (deps: OfferDeps): deps is OfferDeps & Pick<AppDeps, 'storage'> =>
  deps.storage !== undefined;

/**
 * Records an accepted offer once its hold is captured: offer accepted, its agreed cells
 * granted (the listing's status follows), every open offer on the listing whose part overlaps
 * them rejected and released (offers on other parts stay open), emails. Idempotent: a second
 * call (webhook, reconciliation, a retried request) finds nothing left to do and answers false.
 *
 * The claim checked the cells under the listing's lock and counts this offer's while it is
 * accepting, so nothing else can take them meanwhile; the rights room's unique index on live
 * cells is the backstop, answered with the same 409 naming the cells, never a 500.
 */
export async function completeAcceptance(deps: OfferDeps, offerId: number): Promise<boolean> {
  const now = new Date();
  let outcome: Awaited<ReturnType<typeof recordAcceptance>>;
  try {
    outcome = await deps.db.transaction((tx) => recordAcceptance(deps, tx, offerId, now));
  } catch (error) {
    if (postgresErrorCode(error) !== '23505') throw error;
    throw await overlapAtCompletion(deps, offerId, error);
  }
  if (!outcome) return false;
  // The listing's cells changed: this instance's catalogue must not keep showing them free.
  outcome.afterCommit();

  for (const other of outcome.closed) {
    await releaseHold(deps, other.row);
    await releasePreviousHold(deps, other.row);
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
  await tellClosedProducers(deps, outcome.closed);
  return true;
}

/** In one transaction under the listing's lock: accepted, granted, overlapping offers closed. */
async function recordAcceptance(deps: OfferDeps, tx: Executor, offerId: number, now: Date) {
  const [offer] = await tx.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) return null;
  const listing = await lockListing(tx, offer.listingId, 'update');
  const [accepted] = await tx
    .update(offers)
    .set({ status: 'accepted', decidedAt: now, updatedAt: now, lastPaymentError: null })
    .where(and(eq(offers.id, offerId), inArray(offers.status, ['pending', 'accepting'])))
    .returning();
  if (!accepted) return null;
  const terms = await loadTermVersions(tx, accepted);
  const agreed = terms[terms.length - 1];
  const granted = partOfTerms(agreed);
  const afterCommit = await grantRights(tx, {
    listingId: offer.listingId,
    offerId,
    producerId: offer.producerId,
    cells: granted,
    startsAt: now,
    endsAt: addMonths(now, agreed.optionPeriod),
  });
  const open = await offersWithCurrentTerms(tx, offer.listingId, OPEN_OFFER_STATUSES, offerId).for(
    'update',
    { of: offers },
  );
  const closed: Closed[] = [];
  for (const { offer: other, current } of open) {
    const part = listing ? currentPartOf(other, current, listing) : [];
    if (!partsOverlap(part, granted)) continue;
    closed.push({ row: other, taken: overlapOf(part, granted) });
  }
  for (const { row, taken } of closed) {
    await tx
      .update(offers)
      .set({
        status: 'rejected',
        rejectionReason: optionedElsewhereReason(taken),
        decidedAt: now,
        updatedAt: now,
      })
      .where(eq(offers.id, row.id));
    if (row.providerPaymentId) {
      await recordLedgerIntent(tx, deps.payments.name, holdLedgerEntry(row, 'release'));
    }
    const previous = previousHoldReleaseEntry(row);
    if (previous) await recordLedgerIntent(tx, deps.payments.name, previous);
  }
  return { closed, afterCommit };
}

/** The producers whose offers closed hear why, naming the part that was optioned. */
async function tellClosedProducers(deps: OfferDeps, closed: Closed[]): Promise<void> {
  for (const { row, taken } of closed) {
    // Only producers whose offer had reached the agent hear about it; an unpaid one just closes.
    if (row.status === 'awaiting_payment') continue;
    const record = await loadOfferRecord(deps.db, row.id);
    if (!record) continue;
    const part = taken.length > 0 ? cellsLabel(taken) : null;
    await announceDealEvent(deps, 'rejected', record, {
      mail: offerAutoRejectedMail(record, deps.config.publicUrl, part),
      title: part
        ? `Your offer on "${record.listing.title}" closed: its rights (${part}) were optioned to another producer; the hold is released`
        : undefined,
    });
  }
}

/**
 * The unique index on live cells refused the grant: another deal holds some of the agreed
 * cells although the claim found them free (it should never happen). Nothing was written; the
 * offer stays as it was, and the answer names the cells, as the claim's would have.
 */
async function overlapAtCompletion(
  deps: OfferDeps,
  offerId: number,
  cause: unknown,
): Promise<AppError> {
  deps.log.error({ err: cause, offerId }, 'an acceptance overlapped a live deal at its grant');
  const [offer] = await deps.db.select().from(offers).where(eq(offers.id, offerId));
  if (!offer) return conflict('This listing has already been optioned');
  const terms = await loadTermVersions(deps.db, offer);
  const live = await findLiveCells(deps.db, offer.listingId);
  const overlap = overlapOf(partOfTerms(terms[terms.length - 1]), live.cells);
  return overlap.length > 0
    ? takenConflict(overlap)
    : conflict('This listing has already been optioned');
}
