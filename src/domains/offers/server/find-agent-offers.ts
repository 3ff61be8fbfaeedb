import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import { forbidden } from '@/shared/errors';
import { AGENT_VISIBLE_STATUSES } from '../offers.constants';
import type { AgentOffersResponse } from '../offers.schema';
import { findOfferRecords, toOffer } from './offer-record';
import { offers } from './offers.tables';

/** Guard for the agent's own views: that agent, or an admin. */
export function requireAgentOrAdmin(user: UserRow, agentId: number): void {
  if (user.role === 'admin') return;
  if (user.role === 'agent' && user.id === agentId) return;
  throw forbidden("You can only see your own listings' offers");
}

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
    and(
      eq(listings.agentId, agentId),
      inArray(offers.status, [...AGENT_VISIBLE_STATUSES, 'accepting']),
    ),
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
