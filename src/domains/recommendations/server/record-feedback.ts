import type { Database } from '@/server/db/client';
import { notFound, postgresErrorCode } from '@/shared/errors';
import { LISTING_NOT_FOUND, requireVisibleListing } from '@/domains/listings/server';
import { FEEDBACK_RATINGS, NOT_MY_MARKET_NEIGHBOURS } from '../recommendations.constants';
import type { FeedbackBody } from '../recommendations.schema';
import {
  requireRecommendationsAccess,
  type RecommendationsViewer,
} from './generate-recommendations';
import { recommendationFeedback } from './recommendations.tables';

export const FEEDBACK_THANKS = 'Thanks: your next recommendations will take this into account';
export const NOT_MY_MARKET_THANKS = `Noted: this title leaves your recommendations and the ${NOT_MY_MARKET_NEIGHBOURS} titles nearest it are placed lower`;

/**
 * POST /api/recommendations/feedback: 'Commercially Viable' (5) pulls the taste towards the
 * listing, 'Not My Market' (1) away from it and its neighbours. The latest rating counts.
 */
export async function recordFeedback(
  db: Database,
  user: RecommendationsViewer,
  body: FeedbackBody,
): Promise<{ message: string }> {
  requireRecommendationsAccess(user);
  await requireVisibleListing(db, user, body.listingId);
  try {
    await db.insert(recommendationFeedback).values({
      userId: user.id,
      listingId: body.listingId,
      rating: body.rating,
      feedback: body.feedback?.trim() || null,
    });
  } catch (error) {
    // The listing was deleted meanwhile.
    if (postgresErrorCode(error) === '23503') throw notFound(LISTING_NOT_FOUND);
    throw error;
  }
  return {
    message: body.rating === FEEDBACK_RATINGS.notMyMarket ? NOT_MY_MARKET_THANKS : FEEDBACK_THANKS,
  };
}
