import { and, count, eq, gt, notInArray } from 'drizzle-orm';
import { getUserById, type UserRow } from '@/domains/accounts/server';
import { HIDDEN_STATUSES } from '@/domains/listings/listings.constants';
import { listings } from '@/domains/listings/server/listings.tables';
import type { Executor } from '@/server/db/client';
import { sessions } from '@/server/plugins/session.tables';
import { notFound } from '@/shared/errors';
import { ADMIN_MESSAGES, type SuspensionImpact } from '../admin.schema';
import { requireAdmin } from './require-admin';

export interface GetSuspensionImpactOptions {
  admin: UserRow;
  userId: number;
  now: Date;
}

/**
 * GET /api/admin/users/{userId}/suspension-impact: what suspendUser would take away, counted
 * the way it acts (an agent's listings not already hidden; every unexpired session), so the
 * confirmation's figures are the ones the suspension then changes.
 */
export async function getSuspensionImpact(
  db: Executor,
  { admin, userId, now }: GetSuspensionImpactOptions,
): Promise<SuspensionImpact> {
  requireAdmin(admin);
  const user = await getUserById(db, userId);
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  const [{ activeSessions }] = await db
    .select({ activeSessions: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  if (user.role !== 'agent') return { listingsOffMarket: 0, activeSessions };
  const [{ listingsOffMarket }] = await db
    .select({ listingsOffMarket: count() })
    .from(listings)
    .where(and(eq(listings.agentId, userId), notInArray(listings.status, [...HIDDEN_STATUSES])));
  return { listingsOffMarket, activeSessions };
}
