import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import type { AgentVerificationStatus, MembershipTier, Role } from '@/shared/roles';
import { users, type UserRow } from './accounts.tables';
import { forgetCachedSessions } from '@/server/plugins/session';

/** What an administrator's role change writes on a user (decision 009 says what each means). */
export interface UserRoleChange {
  role: Role;
  membershipTier: MembershipTier;
  premiumExpiresAt: Date | null;
  premiumAutoRenew: boolean;
  agentVerificationStatus: AgentVerificationStatus | null;
  agentVerifiedAt: Date | null;
}

/**
 * The admin room's way to change a user's role and tier (the users table belongs to accounts).
 * It takes the caller's executor, so the change and its audit row commit together. Answers
 * the updated row, or null when there is no such (undeleted) user.
 */
export async function setUserRole(
  db: Executor,
  userId: number,
  change: UserRoleChange,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  forgetCachedSessions();
  return row ?? null;
}
