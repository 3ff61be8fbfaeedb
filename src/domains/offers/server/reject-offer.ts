import type { FastifyInstance } from 'fastify';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { conflict } from '@/shared/errors';
import type { Offer } from '../offers.schema';
import { closeOffer } from './close-offer';
import { requireAgentOffer } from './offer-access';
import { offerRejectedMail, sendOfferMail } from './offer-emails';
import { getOfferRecord, toOffer } from './offer-record';

/** The listing's agent rejects a pending offer: the hold is released, the producer told. */
export async function rejectOffer(
  app: FastifyInstance,
  user: UserRow,
  offerId: number,
): Promise<Offer> {
  const current = await requireAgentOffer(app.db, user, offerId);
  const closed = await closeOffer(app, offerId, ['pending'], { status: 'rejected' });
  if (!closed) {
    throw conflict(
      current.offer.status === 'accepting'
        ? 'This offer is already being accepted'
        : 'Only pending offers can be rejected',
    );
  }
  const record = await getOfferRecord(app.db, offerId);
  await sendOfferMail(app, record.producer.email, offerRejectedMail(record, app.config.publicUrl));
  return toOffer(record);
}
