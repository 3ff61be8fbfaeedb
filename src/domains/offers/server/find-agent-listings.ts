import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listingCardColumns, toListingCard } from '@/domains/listings/server';
import { favourites } from '@/domains/favourites/server/favourites.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { listingViews } from '@/domains/membership/server/membership.tables';
import type { Executor } from '@/server/db/client';
import {
  AGENT_VISIBLE_ROW_STATUSES,
  COUNTED_STATUSES,
  type OfferStatus,
} from '../offers.constants';
import type { AgentListingsResponse } from '../offers.schema';
import { requireAgentOrAdmin } from './offer-access';
import { offers } from './offers.tables';
import { offerReachedAgent } from './reached-agent';

const countWhere = (condition: SQL | undefined) =>
  sql<number>`cast(count(${offers.id}) filter (where ${condition}) as int)`;

const countOf = (statuses: readonly OfferStatus[]) =>
  countWhere(and(offerReachedAgent, inArray(offers.status, [...statuses])));

/** The statuses of a counter the agent sees (never an unpaid or a withdrawn offer). */
const agentVisible = (statuses: readonly OfferStatus[]) =>
  statuses.filter((status) =>
    (AGENT_VISIBLE_ROW_STATUSES as readonly OfferStatus[]).includes(status),
  );

/** The agent's listings as cards, newest first, each with the counters of its offers. */
export async function findAgentListings(
  db: Executor,
  user: UserRow,
  agentId: number,
): Promise<AgentListingsResponse> {
  requireAgentOrAdmin(user, agentId);
  const rows = await db
    .select({
      ...listingCardColumns,
      // What the agent sees: offers that reached them ('accepting' counts as pending).
      total: countOf(AGENT_VISIBLE_ROW_STATUSES),
      pending: countOf(agentVisible(COUNTED_STATUSES.pending)),
      accepted: countOf(agentVisible(COUNTED_STATUSES.accepted)),
      rejected: countOf(agentVisible(COUNTED_STATUSES.rejected)),
      closed: countOf(agentVisible(COUNTED_STATUSES.closed)),
      // Subqueries, not joins: a join would multiply the offer counters. The agent's own
      // views and favourites are not counted.
      views: sql<number>`(select cast(count(*) as int) from ${listingViews}
        where ${listingViews.listingId} = ${listings.id} and ${listingViews.userId} <> ${agentId})`,
      favourites: sql<number>`(select cast(count(*) as int) from ${favourites}
        where ${favourites.listingId} = ${listings.id} and ${favourites.userId} <> ${agentId})`,
    })
    .from(listings)
    .leftJoin(offers, eq(offers.listingId, listings.id))
    .where(eq(listings.agentId, agentId))
    .groupBy(listings.id)
    .orderBy(desc(listings.createdAt), desc(listings.id));
  return rows.map(({ total, pending, accepted, rejected, closed, views, favourites, ...card }) => ({
    ...toListingCard(card),
    offerCounts: { total, pending, accepted, rejected, closed },
    views,
    favourites,
  }));
}
