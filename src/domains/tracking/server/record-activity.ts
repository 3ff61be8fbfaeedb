import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { notFound, postgresErrorCode } from '@/shared/errors';
import { LISTING_NOT_FOUND } from '@/domains/listings/server';
import { listings } from '@/domains/listings/server/listings.tables';
import type { TrackActivityBody } from '../tracking.schema';
import { activityEvents } from './tracking.tables';

/** Stores what a user did with a listing (view with time spent, share, ...). */
export async function recordActivity(
  db: Executor,
  { userId, body }: { userId: number; body: TrackActivityBody },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [listing] = await tx
        .select({ id: listings.id })
        .from(listings)
        .where(eq(listings.id, body.listingId))
        .limit(1);
      if (!listing) throw notFound(LISTING_NOT_FOUND);
      await tx.insert(activityEvents).values({
        userId,
        listingId: body.listingId,
        activityType: body.activityType,
        timeSpent: body.timeSpent ?? null,
        sessionId: body.sessionId ?? null,
        userAgent: body.userAgent ?? null,
      });
    });
  } catch (error) {
    // The listing was deleted between the check and the insert.
    if (postgresErrorCode(error) === '23503') throw notFound(LISTING_NOT_FOUND);
    throw error;
  }
}
