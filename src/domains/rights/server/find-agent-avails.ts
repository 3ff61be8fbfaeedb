import { count, desc, eq, sql } from 'drizzle-orm';
import { listings } from '@/domains/listings/server/listings.tables';
import { offers } from '@/domains/offers/server/offers.tables';
import type { Executor } from '@/server/db/client';
import type { AgentAvailsQuery, AgentAvailsResponse } from '../rights.schema';
import { buildAvails } from './build-avails';
import { availsListingColumns } from './get-listing-avails';
import { loadAvailsFacts, UNDER_OFFER_STATUSES } from './load-avails-facts';
import { rightsGrantCells } from './rights.tables';

const underOfferList = sql.raw(UNDER_OFFER_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * The agent dashboard's grids (`GET /api/agent/avails`): each of the agent's own listings with
 * who holds which part. Listings with a deal (a live cell, or an option recorded before issue
 * 29) or an open offer come first, then the newest; paged, since an agency may list hundreds.
 */
export async function findAgentAvails(
  db: Executor,
  agentId: number,
  page: AgentAvailsQuery,
): Promise<AgentAvailsResponse> {
  const active = sql<boolean>`(
    ${listings.status} in ('optioned', 'sold')
    or cardinality(${listings.rightsTaken}) > 0
    or exists (select 1 from ${rightsGrantCells} c
               where c.listing_id = ${listings.id} and c.live)
    or exists (select 1 from ${offers} o
               where o.listing_id = ${listings.id} and o.status in (${underOfferList})))`;
  const rows = await db
    .select(availsListingColumns)
    .from(listings)
    .where(eq(listings.agentId, agentId))
    .orderBy(desc(active), desc(listings.createdAt), desc(listings.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = await db
    .select({ total: count() })
    .from(listings)
    .where(eq(listings.agentId, agentId));
  const facts = await loadAvailsFacts(
    db,
    rows.map((row) => row.id),
  );
  return {
    listings: rows.map((row) => ({
      ...buildAvails(
        row,
        {
          liveCells: facts.liveCells.get(row.id) ?? [],
          openOffers: facts.openOffers.get(row.id) ?? [],
        },
        true,
      ),
      title: row.title,
    })),
    total: total ?? 0,
  };
}
