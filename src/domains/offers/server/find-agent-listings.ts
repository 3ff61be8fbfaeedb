import { desc, eq, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listingCardColumns, toListingCard } from '@/domains/listings/server/to-listing-response';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import type { AgentListingsResponse } from '../offers.schema';
import { requireAgentOrAdmin } from './find-agent-offers';
import { offers } from './offers.tables';

const countWhere = (condition: ReturnType<typeof sql>) =>
  sql<number>`cast(count(${offers.id}) filter (where ${condition}) as int)`;

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
      total: countWhere(
        sql`${offers.status} in ('pending', 'accepting', 'accepted', 'rejected', 'expired')`,
      ),
      pending: countWhere(sql`${offers.status} in ('pending', 'accepting')`),
      accepted: countWhere(sql`${offers.status} = 'accepted'`),
      rejected: countWhere(sql`${offers.status} = 'rejected'`),
    })
    .from(listings)
    .leftJoin(offers, eq(offers.listingId, listings.id))
    .where(eq(listings.agentId, agentId))
    .groupBy(listings.id)
    .orderBy(desc(listings.createdAt), desc(listings.id));
  return rows.map(({ total, pending, accepted, rejected, ...card }) => ({
    ...toListingCard(card),
    offerCounts: { total, pending, accepted, rejected },
  }));
}
