import type { AppDeps } from '@/server/deps';
import { hashPassword, setUserPassword, type UserRow } from '@/domains/accounts/server';
import { forbidden } from '@/shared/errors';
import { ADMIN_MESSAGES, type AdminResetPasswordResponse } from '../admin.schema';
import { passwordSetByAdminMail } from './admin-mails';
import { lockTargetUser } from './lock-target-user';
import { recordAuditEntry } from './record-audit-entry';
import { requireAdmin } from './require-admin';

export interface ResetUserPasswordOptions {
  admin: UserRow;
  userId: number;
  newPassword: string;
}

/**
 * POST /api/admin/users/{userId}/reset-password: the administrator sets a new password (part 2
 * section 5). Every session of the person ends, outstanding reset links stop working, and the
 * person is told by email. The password itself is never logged or audited.
 */
export async function resetUserPassword(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'log'>,
  { admin, userId, newPassword }: ResetUserPasswordOptions,
): Promise<AdminResetPasswordResponse> {
  requireAdmin(admin);
  if (userId === admin.id) {
    throw forbidden('Change your own password in Security Settings');
  }
  const passwordHash = await hashPassword(newPassword);
  const user = await deps.db.transaction(async (tx) => {
    const target = await lockTargetUser(tx, userId);
    await setUserPassword(tx, target.id, passwordHash);
    await recordAuditEntry(tx, {
      actor: admin,
      action: 'reset_password',
      target,
      before: null,
      after: { passwordChanged: true, sessionsRevoked: true },
    });
    return target;
  });
  await deps.mailer.send({
    to: user.email,
    ...passwordSetByAdminMail({ publicUrl: deps.config.publicUrl, firstName: user.firstName }),
  });
  deps.log.info({ adminId: admin.id, userId }, 'password reset by admin');
  return { message: ADMIN_MESSAGES.passwordReset, userEmail: user.email };
}
