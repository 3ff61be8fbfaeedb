import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { DRAFT_STATUS } from '../listings.constants';
import { invalidateCatalogueCaches } from './catalogue-cache';
import { listings } from './listings.tables';

/**
 * An administrator approved the agent: the drafts they prepared while their application was
 * pending go on the market (decision 008: drafts until approval). Run it in the approval's
 * transaction; `afterCommit` forgets the catalogue this instance cached.
 */
export async function publishAgentDrafts(
  tx: Executor,
  agentId: number,
): Promise<{ listingIds: number[]; afterCommit: () => void }> {
  const rows = await tx
    .update(listings)
    .set({ status: 'available', updatedAt: new Date() })
    .where(and(eq(listings.agentId, agentId), eq(listings.status, DRAFT_STATUS)))
    .returning({ id: listings.id });
  const listingIds = rows.map((row) => row.id);
  return { listingIds, afterCommit: () => invalidateCatalogueCaches(listingIds) };
}
