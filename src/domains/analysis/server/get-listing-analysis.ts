import type { Executor } from '@/server/db/client';
import { forbidden, notFound } from '@/shared/errors';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { canSeeListing, LISTING_NOT_FOUND } from '@/domains/listings/server';
import type { Analysis } from '../analysis.schema';
import { refreshAnalyses, type RefreshedAnalysis } from './refresh-analyses';

export const OTHER_AGENTS_LISTING =
  'Agents see the commercial analysis of their own listings only.';

export interface GetListingAnalysisOptions {
  listingId: number;
  /** Already past the premium gate (requirePremium). */
  viewer: Pick<UserRow, 'id' | 'role'>;
  refresh: boolean;
  now: Date;
}

/**
 * One listing's analysis for a premium member: the stored one while its inputs are unchanged,
 * else computed now (one listing takes well under a millisecond) and stored; `refresh`
 * recomputes regardless. Who may read it (decision 013): premium producers any listing on
 * the market, an agent only their own listings, admins every listing.
 */
export async function getListingAnalysis(
  db: Executor,
  { listingId, viewer, refresh, now }: GetListingAnalysisOptions,
): Promise<RefreshedAnalysis & { analysis: Analysis }> {
  const { results } = await refreshAnalyses(db, [listingId], { now, force: refresh });
  const found = results.get(listingId);
  if (!found) {
    // The listing does not exist, or the engine failed on it (stored as failed for the admin).
    throw notFound(LISTING_NOT_FOUND);
  }
  const isOwnAgent = viewer.role === 'agent' && found.listing.agentId === viewer.id;
  if (!canSeeListing(viewer, found.listing)) throw notFound(LISTING_NOT_FOUND);
  if (viewer.role === 'agent' && !isOwnAgent) throw forbidden(OTHER_AGENTS_LISTING);
  return found;
}
