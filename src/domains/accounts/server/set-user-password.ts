import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { revokeUserSessions, forgetCachedSessions } from '@/server/plugins/session';
import { emailTokens, users, type UserRow } from './accounts.tables';

/**
 * Sets a password someone else chose (an administrator's reset): stores the argon2id hash
 * (hash it with `hashPassword` before the transaction), signs every device out and voids any
 * reset link still outstanding. Answers the updated row, or null for no such user.
 */
export async function setUserPassword(
  db: Executor,
  userId: number,
  passwordHash: string,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  forgetCachedSessions();
  if (!row) return null;
  await revokeUserSessions(db, userId);
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      sql`${emailTokens.userId} = ${userId} and ${emailTokens.purpose} = 'reset_password' and ${emailTokens.usedAt} is null`,
    );
  return row;
}
