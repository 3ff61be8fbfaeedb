import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { MembershipTier } from '@/shared/roles';
import { users } from './accounts.tables';
import { forgetCachedSessions } from '@/server/plugins/session';

/** What the membership room may change on a user: the tier, the paid-up date, renewal. */
export interface PremiumStateChange {
  membershipTier?: MembershipTier;
  /** When the paid-up premium year ends; null for none (free, or premium an admin granted). */
  premiumExpiresAt?: Date | null;
  premiumAutoRenew?: boolean;
}

/**
 * The membership room's one way to write a user's premium state (the users table belongs to
 * accounts). It takes the caller's executor, so it joins the caller's transaction: premium
 * and the subscription or payment behind it change together or not at all.
 */
export async function updatePremiumState(
  db: Executor,
  userId: number,
  change: PremiumStateChange,
): Promise<void> {
  await db
    .update(users)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  forgetCachedSessions();
}
