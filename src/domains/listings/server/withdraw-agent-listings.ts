import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { invalidateCatalogueCaches } from './catalogue-cache';
import { WITHDRAWN_STATUS } from '../listings.constants';
import { listings } from './listings.tables';

/**
 * The agent's account is being deleted: every one of their listings leaves the market at once,
 * so no offer can be placed or accepted on it while the money is settled (the offers room then
 * closes the open offers). Answers the withdrawn listings' ids. Run it in a transaction that
 * holds the listings' row locks; `afterCommit` forgets them in this instance's catalogue.
 */
export async function withdrawAgentListings(
  tx: Executor,
  agentId: number,
): Promise<{ listingIds: number[]; afterCommit: () => void }> {
  const rows = await tx
    .update(listings)
    .set({ status: WITHDRAWN_STATUS, updatedAt: new Date() })
    .where(and(eq(listings.agentId, agentId), ne(listings.status, WITHDRAWN_STATUS)))
    .returning({ id: listings.id });
  const listingIds = rows.map((row) => row.id);
  return { listingIds, afterCommit: () => invalidateCatalogueCaches(listingIds) };
}
