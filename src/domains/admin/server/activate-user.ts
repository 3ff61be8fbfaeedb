import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { setUserSuspension, type UserRow } from '@/domains/accounts/server';
import { restoreAgentListings, type HiddenListing } from '@/domains/listings/server';
import { conflict } from '@/shared/errors';
import { ADMIN_MESSAGES, type AdminUserActionResponse } from '../admin.schema';
import { adminAuditLog } from './admin.tables';
import { lockTargetUser } from './lock-target-user';
import { recordAuditEntry } from './record-audit-entry';
import { requireAdmin } from './require-admin';
import { toAdminUser } from './to-admin-user';

export interface ActivateUserOptions {
  admin: UserRow;
  userId: number;
  notes?: string;
}

/** The listings the user's latest suspension took off the market (its audit row says). */
async function listingsHiddenBySuspension(tx: Executor, userId: number): Promise<HiddenListing[]> {
  const [row] = await tx
    .select({ after: adminAuditLog.after })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.action, 'suspend_user'),
        eq(adminAuditLog.targetType, 'user'),
        eq(adminAuditLog.targetId, userId),
      ),
    )
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(1);
  const hidden = row?.after?.hiddenListings;
  if (!Array.isArray(hidden)) return [];
  return hidden.filter(
    (item): item is HiddenListing =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as HiddenListing).id === 'number' &&
      typeof (item as HiddenListing).status === 'string',
  );
}

/**
 * POST /api/admin/users/{userId}/activate: undoes a suspension. The person may sign in again
 * and an agent's listings that the suspension hid return with the status they had.
 */
export async function activateUser(
  deps: Pick<AppDeps, 'db' | 'log'>,
  { admin, userId, notes }: ActivateUserOptions,
): Promise<AdminUserActionResponse> {
  requireAdmin(admin);
  const { user, afterCommit } = await deps.db.transaction(async (tx) => {
    const before = await lockTargetUser(tx, userId);
    if (!before.suspendedAt) throw conflict(ADMIN_MESSAGES.notSuspended);
    const after = await setUserSuspension(tx, before.id, null);
    const restoring =
      before.role === 'agent'
        ? await restoreAgentListings(tx, before.id, await listingsHiddenBySuspension(tx, before.id))
        : { listingIds: [], afterCommit: () => undefined };
    await recordAuditEntry(tx, {
      actor: admin,
      action: 'activate_user',
      target: before,
      before: { status: 'suspended', suspendedAt: before.suspendedAt.toISOString() },
      after: {
        status: 'active',
        suspendedAt: null,
        ...(before.role === 'agent' ? { restoredListingIds: restoring.listingIds } : {}),
      },
      notes: notes || null,
    });
    return { user: after ?? before, afterCommit: restoring.afterCommit };
  });
  afterCommit();
  deps.log.info({ adminId: admin.id, userId }, 'user activated');
  return { message: ADMIN_MESSAGES.userActivated, user: toAdminUser(user) };
}
