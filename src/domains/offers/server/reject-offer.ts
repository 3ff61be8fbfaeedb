import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { conflict } from '@/shared/errors';
import type { Offer, RejectOfferBody } from '../offers.schema';
import { closeOffer } from './close-offer';
import { requireOffer } from './offer-access';
import type { OfferDeps } from './offer-deps';
import { announceDealEvent } from './announce-deal-event';
import { getOfferRecord, toOffer } from './offer-record';

/**
 * The listing's agent rejects a pending offer, optionally saying why: the hold is released and
 * the producer told (with the reason, when given).
 */
export async function rejectOffer(
  deps: OfferDeps,
  user: UserRow,
  offerId: number,
  body: RejectOfferBody = {},
): Promise<Offer> {
  const current = await requireOffer(deps.db, user, offerId, 'agent');
  const closed = await closeOffer(deps, offerId, ['pending'], {
    status: 'rejected',
    rejectionReason: body?.reason || undefined,
  });
  if (!closed) {
    throw conflict(
      current.offer.status === 'accepting'
        ? 'This offer is already being accepted'
        : 'Only pending offers can be rejected',
    );
  }
  const record = await getOfferRecord(deps.db, offerId);
  await announceDealEvent(deps, 'rejected', record);
  return toOffer(record);
}
