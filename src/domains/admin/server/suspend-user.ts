import type { AppDeps } from '@/server/deps';
import { setUserSuspension, type UserRow } from '@/domains/accounts/server';
import { hideAgentListings } from '@/domains/listings/server';
import { conflict, forbidden } from '@/shared/errors';
import { ADMIN_MESSAGES, type AdminUserActionResponse } from '../admin.schema';
import { lockTargetUser } from './lock-target-user';
import { recordAuditEntry } from './record-audit-entry';
import { requireAdmin } from './require-admin';
import { toAdminUser } from './to-admin-user';

export interface SuspendUserOptions {
  admin: UserRow;
  userId: number;
  notes?: string;
}

/**
 * POST /api/admin/users/{userId}/suspend (decision 009). The person is signed out everywhere
 * and cannot sign in; an agent's listings leave the market (withdrawn, and which ones is kept
 * in the audit row so activation puts back exactly those). Open offers stand: their holds
 * run out or are settled as usual. Administrators cannot be suspended (part 2 section 4), nor
 * can an administrator suspend themself.
 */
export async function suspendUser(
  deps: Pick<AppDeps, 'db' | 'log'>,
  { admin, userId, notes }: SuspendUserOptions,
): Promise<AdminUserActionResponse> {
  requireAdmin(admin);
  const { user, afterCommit } = await deps.db.transaction(async (tx) => {
    const before = await lockTargetUser(tx, userId);
    if (before.id === admin.id) throw forbidden(ADMIN_MESSAGES.cannotSuspendSelf);
    if (before.role === 'admin') throw forbidden(ADMIN_MESSAGES.cannotSuspendAdmin);
    if (before.suspendedAt) throw conflict(ADMIN_MESSAGES.alreadySuspended);
    const now = new Date();
    const after = await setUserSuspension(tx, before.id, now);
    const hiding =
      before.role === 'agent'
        ? await hideAgentListings(tx, before.id)
        : { hidden: [], afterCommit: () => undefined };
    await recordAuditEntry(tx, {
      actor: admin,
      action: 'suspend_user',
      target: before,
      before: { status: 'active', suspendedAt: null },
      after: {
        status: 'suspended',
        suspendedAt: now.toISOString(),
        ...(before.role === 'agent' ? { hiddenListings: hiding.hidden } : {}),
      },
      notes: notes || null,
    });
    return { user: after ?? before, afterCommit: hiding.afterCommit };
  });
  afterCommit();
  deps.log.info({ adminId: admin.id, userId }, 'user suspended');
  return { message: ADMIN_MESSAGES.userSuspended, user: toAdminUser(user) };
}
