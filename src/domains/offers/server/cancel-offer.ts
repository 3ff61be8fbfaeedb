import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { conflict } from '@/shared/errors';
import { OPEN_OFFER_STATUSES } from '../offers.constants';
import type { CancelOfferBody, Offer } from '../offers.schema';
import { closeOffer } from './close-offer';
import { requireOffer } from './offer-access';
import type { HoldDeps } from './offer-deps';
import { getOfferRecord, toOffer } from './offer-record';

/** The producer withdraws an offer that is pending (or still awaiting payment): released. */
export async function cancelOffer(
  deps: HoldDeps,
  user: UserRow,
  offerId: number,
  body: CancelOfferBody,
): Promise<Offer> {
  await requireOffer(deps.db, user, offerId, 'producer');
  const closed = await closeOffer(deps, offerId, OPEN_OFFER_STATUSES, {
    status: 'cancelled',
    cancellationReason: body.cancellationReason,
  });
  if (!closed) throw conflict('Only pending offers can be cancelled');
  return toOffer(await getOfferRecord(deps.db, offerId));
}
