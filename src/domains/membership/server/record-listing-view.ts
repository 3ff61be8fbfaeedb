import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { AppError } from '@/shared/errors';
import { getUserForUpdate, type UserRow } from '@/domains/accounts/server';
import { FREE_MONTHLY_LISTING_VIEWS, VIEW_LIMIT_MESSAGE } from '../membership.constants';
import { hasUnlimitedListingViews } from './membership-access';
import { membershipMonth, nextResetDate } from './membership-period';
import { listingViews } from './membership.tables';

export interface RecordListingViewOptions {
  viewer: Pick<UserRow, 'id' | 'role' | 'membershipTier' | 'premiumExpiresAt'>;
  listingId: number;
  /** The clock (injectable so month boundaries can be tested). */
  now: Date;
}

/**
 * Counts a listing opened by a user this UK calendar month, or refuses it (403 LIMIT_REACHED
 * with upgradeRequired and resetDate) when a free-tier producer has already opened five
 * different listings. Re-opening a listing counted this month is free. Call before showing
 * the listing; the listing must exist.
 */
export async function recordListingView(
  db: Executor,
  { viewer, listingId, now }: RecordListingViewOptions,
): Promise<void> {
  const month = membershipMonth(now);
  const view = { userId: viewer.id, month, listingId, viewedAt: now };

  if (hasUnlimitedListingViews(viewer, now)) {
    // Not limited, but still counted: membership status shows the month's views.
    await db.insert(listingViews).values(view).onConflictDoNothing();
    return;
  }

  await db.transaction(async (tx) => {
    // Lock the user's row so this user's view checks run one at a time: ten listings opened
    // at once must not all count "four used" and all be let through.
    await getUserForUpdate(tx, viewer.id);
    const thisMonth = and(eq(listingViews.userId, viewer.id), eq(listingViews.month, month));
    const [seen] = await tx
      .select({ listingId: listingViews.listingId })
      .from(listingViews)
      .where(and(thisMonth, eq(listingViews.listingId, listingId)))
      .limit(1);
    if (seen) return;
    const [{ used }] = await tx.select({ used: count() }).from(listingViews).where(thisMonth);
    if (used >= FREE_MONTHLY_LISTING_VIEWS) {
      throw new AppError('LIMIT_REACHED', VIEW_LIMIT_MESSAGE, {
        extra: { upgradeRequired: true, resetDate: nextResetDate(now) },
      });
    }
    await tx.insert(listingViews).values(view);
  });
}
