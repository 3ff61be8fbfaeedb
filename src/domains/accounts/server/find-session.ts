import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { preparedPerDatabase } from '@/server/db/prepared-per-database';
import type { SessionRecord } from '@/server/plugins/session';
import { sessions } from '@/server/plugins/session.tables';
import { users, type UserRow } from './accounts.tables';

declare module '@/server/plugins/session' {
  /** A session's user is this room's whole user row (routes read names, tier, status...). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the row's columns
  interface SessionUser extends UserRow {}
}

/**
 * The lookup every signed-in request makes, prepared once per executor so it is planned once
 * (an unprepared join was planned again on every request). A suspended user has no session.
 */
const sessionByIdHash = preparedPerDatabase((db: Database) => {
  return db
    .select({ user: users, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
        isNull(users.suspendedAt),
      ),
    )
    .limit(1)
    .prepare('session_by_id_hash');
});

/** The session plugin's lookup (app.ts hands it over at start): the session and its user. */
export async function findSession(
  db: Database,
  idHash: string,
  now: Date,
): Promise<SessionRecord | null> {
  const [row] = await sessionByIdHash(db).execute({ idHash, now });
  return row ?? null;
}
