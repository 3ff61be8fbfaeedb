import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { Executor } from '@/server/db/client';
import { forbidden, notFound } from '@/shared/errors';
import { AGENT_VISIBLE_ROW_STATUSES } from '../offers.constants';
import { loadOfferRecord, type OfferRecord } from './offer-record';

export const OFFER_NOT_FOUND = 'Offer not found';

/**
 * Who an offer is required for:
 * - read: its producer, the listing's agent (once the hold was authorised), admins;
 * - producer: its producer only (cancel, abandon, renew, pay, sync);
 * - agent: the listing's agent only (accept, reject). Admins may read offers but do not hold
 *   the rights, so they cannot decide them.
 */
export type OfferAccess = 'read' | 'producer' | 'agent';

const REFUSALS: Record<OfferAccess, string> = {
  read: 'You do not have access to this offer',
  producer: 'Only the producer who made this offer can do that',
  agent: "Only the listing's agent can accept or reject its offers",
};

/** An offer still awaiting payment has not reached the agent yet. */
const hasReachedAgent = (record: OfferRecord) =>
  (AGENT_VISIBLE_ROW_STATUSES as readonly string[]).includes(record.offer.status);

function mayAct(user: UserRow, record: OfferRecord, access: OfferAccess): boolean {
  const isProducer = record.offer.producerId === user.id;
  const isAgent = record.listing.agentId === user.id;
  switch (access) {
    case 'read':
      return user.role === 'admin' || isProducer || (isAgent && hasReachedAgent(record));
    case 'producer':
      return isProducer;
    case 'agent':
      return isAgent;
  }
}

/** The offer for someone who may act on it this way: 404 when it does not exist, else 403. */
export async function requireOffer(
  db: Executor,
  user: UserRow,
  offerId: number,
  access: OfferAccess,
): Promise<OfferRecord> {
  const record = await loadOfferRecord(db, offerId);
  if (!record) throw notFound(OFFER_NOT_FOUND);
  if (!mayAct(user, record, access)) throw forbidden(REFUSALS[access]);
  // The agent cannot decide (or learn of) an offer that has not reached them.
  if (access === 'agent' && !hasReachedAgent(record)) throw notFound(OFFER_NOT_FOUND);
  return record;
}

/** Guard for the agent's own views (their listings and offers): that agent, or an admin. */
export function requireAgentOrAdmin(user: UserRow, agentId: number): void {
  if (user.role === 'admin') return;
  if (user.role === 'agent' && user.id === agentId) return;
  throw forbidden("You can only see your own listings' offers");
}
