import { and, desc, eq, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import type { AgentOffersResponse } from '../offers.schema';
import { requireAgentOrAdmin } from './offer-access';
import { findOfferRecords, toOffer } from './offer-record';
import { offers } from './offers.tables';
import { offerReachedAgent } from './reached-agent';

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
    and(eq(listings.agentId, agentId), offerReachedAgent),
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
