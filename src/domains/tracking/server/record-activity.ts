import type { Executor } from '@/server/db/client';
import { notFound, postgresErrorCode } from '@/shared/errors';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { LISTING_NOT_FOUND, requireVisibleListing } from '@/domains/listings/server';
import type { TrackActivityBody } from '../tracking.schema';
import { activityEvents } from './tracking.tables';

/**
 * Stores what a user did with a listing (view with time spent, share, ...), on a listing the
 * user may see: any other answers 404 as a missing one does.
 */
export async function recordActivity(
  db: Executor,
  { user, body }: { user: Pick<UserRow, 'id' | 'role'>; body: TrackActivityBody },
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await requireVisibleListing(tx, user, body.listingId);
      await tx.insert(activityEvents).values({
        userId: user.id,
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
