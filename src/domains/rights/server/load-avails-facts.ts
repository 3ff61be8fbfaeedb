import { and, desc, eq, inArray } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import type { Right } from '@/domains/listings/listings.constants';
// A read of the offers room's tables (never its code: offers sits above rights).
import { offers, offerTerms } from '@/domains/offers/server/offers.tables';
import type { Executor } from '@/server/db/client';
import type { GrantStatus } from '../rights.constants';
import { rightsGrantCells, rightsGrants } from './rights.tables';

/**
 * Offers whose cells show as 'under offer' (informational): the agent may still accept them.
 * 'awaiting_payment' has not reached the agent; 'accepting' is an acceptance in flight, which
 * both sides still see as pending.
 */
export const UNDER_OFFER_STATUSES = ['pending', 'countered', 'reauthorising', 'accepting'] as const;

export interface LiveCellFact {
  media: string;
  territoryKey: string;
  status: GrantStatus;
  endsAt: Date | null;
  offerId: number | null;
  producerName: string | null;
}

/** An open offer's current part; `media`/`territories` null: the whole listing. */
export interface OpenOfferFact {
  offerId: number;
  media: Right[] | null;
  territories: string[] | null;
}

export interface AvailsFacts {
  liveCells: Map<number, LiveCellFact[]>;
  openOffers: Map<number, OpenOfferFact[]>;
}

const push = <T>(map: Map<number, T[]>, key: number, value: T) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** "First Last (Company)", as the offer emails name a producer. */
export const producerNameOf = (row: {
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
}): string | null =>
  row.firstName === null
    ? null
    : [row.firstName, row.lastName].filter(Boolean).join(' ') +
      (row.companyName ? ` (${row.companyName})` : '');

/** What the grid of these listings is made from: the live deals' cells and the open offers. */
export async function loadAvailsFacts(db: Executor, listingIds: number[]): Promise<AvailsFacts> {
  const facts: AvailsFacts = { liveCells: new Map(), openOffers: new Map() };
  if (listingIds.length === 0) return facts;
  const live = await db
    .select({
      listingId: rightsGrantCells.listingId,
      media: rightsGrantCells.media,
      territoryKey: rightsGrantCells.territoryKey,
      status: rightsGrants.status,
      endsAt: rightsGrants.endsAt,
      offerId: rightsGrants.offerId,
      firstName: users.firstName,
      lastName: users.lastName,
      companyName: users.companyName,
    })
    .from(rightsGrantCells)
    .innerJoin(rightsGrants, eq(rightsGrants.id, rightsGrantCells.grantId))
    .leftJoin(users, eq(users.id, rightsGrants.producerId))
    .where(and(inArray(rightsGrantCells.listingId, listingIds), eq(rightsGrantCells.live, true)));
  for (const row of live) {
    push(facts.liveCells, row.listingId, {
      media: row.media,
      territoryKey: row.territoryKey,
      status: row.status,
      endsAt: row.endsAt,
      offerId: row.offerId,
      producerName: producerNameOf(row),
    });
  }
  const open = await db
    .selectDistinctOn([offers.id], {
      offerId: offers.id,
      listingId: offers.listingId,
      media: offerTerms.media,
      territories: offerTerms.territories,
    })
    .from(offers)
    .leftJoin(offerTerms, eq(offerTerms.offerId, offers.id))
    .where(
      and(inArray(offers.listingId, listingIds), inArray(offers.status, [...UNDER_OFFER_STATUSES])),
    )
    .orderBy(offers.id, desc(offerTerms.version));
  for (const row of open) {
    push(facts.openOffers, row.listingId, {
      offerId: row.offerId,
      media: row.media,
      territories: row.territories,
    });
  }
  return facts;
}
