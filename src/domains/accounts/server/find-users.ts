import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { users, type UserRow } from './accounts.tables';

/** Emails and usernames are unique regardless of case (the tables' lower() indexes). */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row ?? null;
}

export async function isUsernameTaken(
  db: Executor,
  username: string,
  exceptUserId?: number,
): Promise<boolean> {
  const sameName = sql`lower(${users.username}) = lower(${username.trim()})`;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? sameName : and(sameName, ne(users.id, exceptUserId)))
    .limit(1);
  return Boolean(row);
}

export async function getUserById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * The user, with their row locked until the caller's transaction ends: other rooms that
 * change what a user has (membership) take this lock first, so concurrent changes for one
 * user run one at a time and always lock in the same order (user, then the room's rows).
 */
export async function getUserForUpdate(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

/** Which unique index a failed insert or update hit (Drizzle wraps the driver error). */
export function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const USERNAME_UNIQUE_INDEX = 'users_username_lower_key';
export const EMAIL_UNIQUE_INDEX = 'users_email_lower_key';

/** '' from an empty optional input is stored as null. */
export const emptyToNull = (value: string | undefined): string | null =>
  value === undefined || value === '' ? null : value;
