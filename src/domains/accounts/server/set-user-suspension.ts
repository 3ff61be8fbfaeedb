import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { revokeUserSessions, forgetCachedSessions } from '@/server/plugins/session';
import { users, type UserRow } from './accounts.tables';

/**
 * Suspends (a date) or reactivates (null) an account. Suspending also signs the person out
 * everywhere: their sessions are revoked in the same transaction, and sign-in refuses a
 * suspended account (sign-in-user.ts). Answers the updated row, or null for no such user.
 */
export async function setUserSuspension(
  db: Executor,
  userId: number,
  suspendedAt: Date | null,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ suspendedAt, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  forgetCachedSessions();
  if (row && suspendedAt) await revokeUserSessions(db, userId);
  return row ?? null;
}
