import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { conflict } from '@/shared/errors';
import type { Offer } from '../offers.schema';
import { closeOffer } from './close-offer';
import { requireOffer } from './offer-access';
import type { HoldDeps } from './offer-deps';
import { getOfferRecord, toOffer } from './offer-record';

/** The producer gives up an offer they never paid for: its unconfirmed hold is released. */
export async function abandonOffer(deps: HoldDeps, user: UserRow, offerId: number): Promise<Offer> {
  await requireOffer(deps.db, user, offerId, 'producer');
  const closed = await closeOffer(deps, offerId, ['awaiting_payment'], { status: 'abandoned' });
  if (!closed) throw conflict('Only offers awaiting payment can be abandoned');
  return toOffer(await getOfferRecord(deps.db, offerId));
}
