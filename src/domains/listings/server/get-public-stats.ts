import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { users } from '@/domains/accounts/server/accounts.tables';
import type { AgentVerificationStatus } from '@/shared/roles';
import type { PublicStats } from '../listings.schema';
import { listingOnMarket } from './listing-visibility';
import { listings } from './listings.tables';

/**
 * ROI potential (part 1 section 9: "ROI multiple base 2.5, adjusted by genre and score,
 * capped at 5"). Our estimate per listing: suggestedOfferMax × (2.5 + (viabilityScore − 75) / 10),
 * kept between 1 and 5, so a listing of the default score 75 earns the base 2.5 and a score
 * of 100 reaches the cap. The spec gives no genre table, so only the score adjusts it; a
 * listing the analysis has not scored (yet, or for want of data) keeps the base multiple.
 */
export const ROI_BASE_MULTIPLE = 2.5;
export const ROI_MIN_MULTIPLE = 1;
export const ROI_MAX_MULTIPLE = 5;
const ROI_BASE_SCORE = 75;
const ROI_POINTS_PER_STEP = 10;

/** Headline figures of the home page: money in pounds (numbers), counts as integers. */
export async function getPublicStats(db: Executor): Promise<PublicStats> {
  const [listingFigures] = await db
    .select({
      bookCount: count(),
      totalValuePence: sql<string | null>`sum(${listings.suggestedOfferMax})`,
      roiPotentialPence: sql<string | null>`sum(${listings.suggestedOfferMax} * least(
        ${ROI_MAX_MULTIPLE}::numeric,
        greatest(
          ${ROI_MIN_MULTIPLE}::numeric,
          ${ROI_BASE_MULTIPLE}::numeric
            + coalesce(${listings.viabilityScore} - ${ROI_BASE_SCORE}, 0)::numeric
              / ${ROI_POINTS_PER_STEP}
        )
      ))`,
    })
    .from(listings)
    .where(listingOnMarket());
  // Literary agents the platform vouches for: an application still pending (or rejected)
  // does not count (issue 10, finding 7).
  const approved: AgentVerificationStatus = 'approved';
  const [agentFigures] = await db
    .select({ agents: count() })
    .from(users)
    .where(
      and(
        eq(users.role, 'agent'),
        eq(users.agentVerificationStatus, approved),
        isNull(users.deletedAt),
      ),
    );
  return {
    totalValue: Number(listingFigures.totalValuePence ?? 0) / 100,
    bookCount: listingFigures.bookCount,
    agents: agentFigures.agents,
    totalROIPotential: Math.round(Number(listingFigures.roiPotentialPence ?? 0)) / 100,
  };
}
