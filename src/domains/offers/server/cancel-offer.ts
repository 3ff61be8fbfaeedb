import type { FastifyInstance } from 'fastify';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { conflict } from '@/shared/errors';
import type { CancelOfferBody, Offer } from '../offers.schema';
import { closeOffer } from './close-offer';
import { requireOwnOffer } from './offer-access';
import { getOfferRecord, toOffer } from './offer-record';

/** The producer withdraws an offer that is pending (or still awaiting payment): released. */
export async function cancelOffer(
  app: FastifyInstance,
  user: UserRow,
  offerId: number,
  body: CancelOfferBody,
): Promise<Offer> {
  await requireOwnOffer(app.db, user, offerId);
  const closed = await closeOffer(app, offerId, ['pending', 'awaiting_payment'], {
    status: 'cancelled',
    cancellationReason: body.cancellationReason,
  });
  if (!closed) throw conflict('Only pending offers can be cancelled');
  return toOffer(await getOfferRecord(app.db, offerId));
}
