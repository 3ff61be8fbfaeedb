import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { membershipSubscriptions } from './subscriptions.tables';

export type SubscriptionRow = typeof membershipSubscriptions.$inferSelect;

/** Statuses of a subscription that is (still) paying for premium. */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'past_due'] as const;

/** The user's live subscription (active or in its renewal retries), newest first, or null. */
export async function findCurrentSubscription(
  db: Executor,
  userId: number,
): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(membershipSubscriptions)
    .where(
      and(
        eq(membershipSubscriptions.userId, userId),
        inArray(membershipSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
      ),
    )
    .orderBy(desc(membershipSubscriptions.id))
    .limit(1);
  return row ?? null;
}
