import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import { AGENT_VISIBLE_ROW_STATUSES } from '../offers.constants';
import type { AgentOffersResponse } from '../offers.schema';
import { requireAgentOrAdmin } from './offer-access';
import { findOfferRecords, toOffer } from './offer-record';
import { offers } from './offers.tables';

/**
 * Offers on the agent's listings that reached them (hold authorised at least once), most
 * recently submitted first. An 'accepting' offer is shown as pending.
 */
export async function findAgentOffers(
  db: Executor,
  user: UserRow,
  agentId: number,
): Promise<AgentOffersResponse> {
  requireAgentOrAdmin(user, agentId);
  const records = await findOfferRecords(
    db,
    and(eq(listings.agentId, agentId), inArray(offers.status, [...AGENT_VISIBLE_ROW_STATUSES])),
    {
      orderBy: [
        sql`${offers.submittedAt} desc nulls last`,
        desc(offers.createdAt),
        desc(offers.id),
      ],
    },
  );
  return records.map(toOffer);
}
