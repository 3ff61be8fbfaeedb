import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { HIDDEN_STATUSES, WITHDRAWN_STATUS } from '../listings.constants';
import { invalidateCatalogueCaches } from './catalogue-cache';
import { listings } from './listings.tables';

/** A listing taken off the market while its agent is suspended, and the status it had. */
export interface HiddenListing {
  id: number;
  status: string;
}

/**
 * The agent is suspended: every listing of theirs on the market is withdrawn (out of the
 * catalogue, featured, statistics and sitemap; no offer can be placed or accepted on it).
 * Answers what was hidden and with which status, so `restoreAgentListings` can put back
 * exactly those (decision 009). Run it in the suspension's transaction.
 */
export async function hideAgentListings(
  tx: Executor,
  agentId: number,
): Promise<{ hidden: HiddenListing[]; afterCommit: () => void }> {
  const onMarket = await tx
    .select({ id: listings.id, status: listings.status })
    .from(listings)
    .where(and(eq(listings.agentId, agentId), notInArray(listings.status, [...HIDDEN_STATUSES])))
    .for('update');
  if (onMarket.length > 0) {
    await tx
      .update(listings)
      .set({ status: WITHDRAWN_STATUS, updatedAt: new Date() })
      .where(
        inArray(
          listings.id,
          onMarket.map((row) => row.id),
        ),
      );
  }
  return {
    hidden: onMarket,
    afterCommit: () => invalidateCatalogueCaches(onMarket.map((row) => row.id)),
  };
}

/**
 * The agent is reactivated: the listings their suspension hid go back to the status they had,
 * unless something else has happened to them since (they are no longer withdrawn, or another
 * agent's now). Answers the restored ids.
 */
export async function restoreAgentListings(
  tx: Executor,
  agentId: number,
  hidden: readonly HiddenListing[],
): Promise<{ listingIds: number[]; afterCommit: () => void }> {
  const restored: number[] = [];
  for (const listing of hidden) {
    const rows = await tx
      .update(listings)
      .set({ status: listing.status, updatedAt: new Date() })
      .where(
        and(
          eq(listings.id, listing.id),
          eq(listings.agentId, agentId),
          eq(listings.status, WITHDRAWN_STATUS),
        ),
      )
      .returning({ id: listings.id });
    restored.push(...rows.map((row) => row.id));
  }
  return { listingIds: restored, afterCommit: () => invalidateCatalogueCaches(restored) };
}
