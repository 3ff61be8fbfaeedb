import type { AppDeps } from '@/server/deps';
import {
  deleteAccount,
  getUserById,
  type AccountDeletionStep,
  type UserRow,
} from '@/domains/accounts/server';
import { forbidden, notFound } from '@/shared/errors';
import { ADMIN_MESSAGES, type DeleteUserResponse } from '../admin.schema';
import { recordAuditEntry } from './record-audit-entry';
import { requireAdmin } from './require-admin';

export interface DeleteUserOptions {
  admin: UserRow;
  userId: number;
  /** Every room's account-deletion step (app.ts collects them; decision 007). */
  steps: readonly AccountDeletionStep[];
}

/**
 * DELETE /api/admin/users/{userId}: the same deletion as a person's own (decision 007): holds
 * released and renewals stopped first, then each room's data erased, then the row deleted or
 * anonymised. Administrators cannot be deleted from the console (part 2 section 6). The audit
 * row follows the deletion: it spans several rooms' transactions, so it cannot share one.
 */
export async function deleteUser(
  deps: AppDeps,
  { admin, userId, steps }: DeleteUserOptions,
): Promise<DeleteUserResponse> {
  requireAdmin(admin);
  const target = await getUserById(deps.db, userId);
  if (!target || target.deletedAt) throw notFound(ADMIN_MESSAGES.userNotFound);
  if (target.role === 'admin') throw forbidden(ADMIN_MESSAGES.cannotDeleteAdmin);

  await deleteAccount(deps, { userId: target.id, steps });
  const after = await getUserById(deps.db, target.id);
  await recordAuditEntry(deps.db, {
    actor: admin,
    action: 'delete_user',
    target,
    before: {
      role: target.role,
      membershipTier: target.membershipTier,
      firstName: target.firstName,
      lastName: target.lastName,
    },
    // Kept anonymised when financial records name the person; otherwise gone.
    after: { outcome: after ? 'anonymised' : 'deleted' },
  });
  deps.log.info({ adminId: admin.id, userId }, 'user deleted by admin');
  return { message: ADMIN_MESSAGES.userDeleted, deletedUserEmail: target.email };
}
