import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Executor } from '@/server/db/client';
import { forbidden, notFound } from '@/shared/errors';
import { AGENT_VISIBLE_STATUSES } from '../offers.constants';
import { loadOfferRecord, publicStatus, type OfferRecord } from './offer-record';

export const OFFER_NOT_FOUND = 'Offer not found';

const agentCanSee = (status: string) =>
  (AGENT_VISIBLE_STATUSES as readonly string[]).includes(publicStatus(status));

/** Who may read an offer: its producer, the listing's agent (once authorised), admins. */
export function canViewOffer(user: UserRow, record: OfferRecord): boolean {
  if (user.role === 'admin') return true;
  if (record.offer.producerId === user.id) return true;
  return record.listing.agentId === user.id && agentCanSee(record.offer.status);
}

/** The offer for a reader: 404 when it does not exist, 403 when it is not theirs to read. */
export async function requireVisibleOffer(
  db: Executor,
  user: UserRow,
  offerId: number,
): Promise<OfferRecord> {
  const record = await loadOfferRecord(db, offerId);
  if (!record) throw notFound(OFFER_NOT_FOUND);
  if (!canViewOffer(user, record)) {
    throw forbidden('You do not have access to this offer');
  }
  return record;
}

/** The producer's own offer (cancel, abandon, renew, pay), or 404/403. */
export async function requireOwnOffer(
  db: Executor,
  user: UserRow,
  offerId: number,
): Promise<OfferRecord> {
  const record = await loadOfferRecord(db, offerId);
  if (!record) throw notFound(OFFER_NOT_FOUND);
  if (record.offer.producerId !== user.id) {
    throw forbidden('Only the producer who made this offer can do that');
  }
  return record;
}

/**
 * An offer on one of the agent's listings (accept, reject). Only that agent decides: admins
 * do not hold the rights, so they may read offers but not accept or reject them.
 */
export async function requireAgentOffer(
  db: Executor,
  user: UserRow,
  offerId: number,
): Promise<OfferRecord> {
  const record = await loadOfferRecord(db, offerId);
  if (!record) throw notFound(OFFER_NOT_FOUND);
  if (record.listing.agentId !== user.id) {
    throw forbidden("Only the listing's agent can accept or reject its offers");
  }
  // An offer still awaiting payment has not reached the agent yet.
  if (!agentCanSee(record.offer.status)) throw notFound(OFFER_NOT_FOUND);
  return record;
}
