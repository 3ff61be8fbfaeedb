import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Executor } from '@/server/db/client';
import type { Offer } from '../offers.schema';
import { requireOffer } from './offer-access';
import { toOffer } from './offer-record';

/** One offer, for its producer, the listing's agent or an admin. */
export async function getOffer(db: Executor, user: UserRow, offerId: number): Promise<Offer> {
  return toOffer(await requireOffer(db, user, offerId, 'read'));
}
