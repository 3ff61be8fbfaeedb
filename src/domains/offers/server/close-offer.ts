import { and, eq, inArray } from 'drizzle-orm';
import { recordLedgerIntent } from '@/domains/payments/server';
import type { OfferStatus } from '../offers.constants';
import type { HoldDeps } from './offer-deps';
import {
  holdLedgerEntry,
  previousHoldReleaseEntry,
  releaseHold,
  releasePreviousHold,
} from './offer-hold';
import { offers, type OfferRow } from './offers.tables';

export interface CloseOfferChange {
  status: Extract<OfferStatus, 'cancelled' | 'rejected' | 'abandoned' | 'expired'>;
  cancellationReason?: string;
  rejectionReason?: string;
}

/**
 * Closes an offer whose hold must be released (cancel, reject, abandon, expiry): the new
 * status and the release's ledger row commit together, only if the offer is still in one of
 * `from`; then the hold is released. Answers the closed row, or null when the offer had
 * already moved on (the caller answers 409).
 */
export async function closeOffer(
  deps: HoldDeps,
  offerId: number,
  from: readonly OfferStatus[],
  change: CloseOfferChange,
): Promise<OfferRow | null> {
  const now = new Date();
  const closed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(offers)
      .set({
        ...change,
        decidedAt: change.status === 'rejected' ? now : undefined,
        updatedAt: now,
      })
      .where(and(eq(offers.id, offerId), inArray(offers.status, [...from])))
      .returning();
    if (row?.providerPaymentId) {
      await recordLedgerIntent(tx, deps.payments.name, holdLedgerEntry(row, 'release'));
    }
    // A re-authorisation in progress: the hold it was replacing goes too (decision 016).
    const previous = row ? previousHoldReleaseEntry(row) : null;
    if (previous) await recordLedgerIntent(tx, deps.payments.name, previous);
    return row ?? null;
  });
  if (closed) {
    await releaseHold(deps, closed);
    await releasePreviousHold(deps, closed);
  }
  return closed;
}
