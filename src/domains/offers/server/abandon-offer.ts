import type { FastifyInstance } from 'fastify';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { conflict } from '@/shared/errors';
import type { Offer } from '../offers.schema';
import { closeOffer } from './close-offer';
import { requireOwnOffer } from './offer-access';
import { getOfferRecord, toOffer } from './offer-record';

/** The producer gives up an offer they never paid for: its unconfirmed hold is released. */
export async function abandonOffer(
  app: FastifyInstance,
  user: UserRow,
  offerId: number,
): Promise<Offer> {
  await requireOwnOffer(app.db, user, offerId);
  const closed = await closeOffer(app, offerId, ['awaiting_payment'], { status: 'abandoned' });
  if (!closed) throw conflict('Only offers awaiting payment can be abandoned');
  return toOffer(await getOfferRecord(app.db, offerId));
}
