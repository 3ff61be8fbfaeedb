import { eq } from 'drizzle-orm';
import { AppError } from '@/shared/errors';
import { revokeUserSessions, startSession, forgetCachedSessions } from '@/server/plugins/session';
import { passwordChangedMail } from '@/server/mail/templates';
import { ACCOUNT_MESSAGES } from '../accounts.constants';
import type { ChangePasswordBody } from '../accounts.schema';
import { users, type UserRow } from './accounts.tables';
import type { AccountDeps, SessionContext } from './account-deps';
import { hashPassword, verifyPassword } from './password';

/**
 * Changes the password after checking the current one. Every session is revoked (other
 * devices are signed out) and a new one is started for this browser, so the person who
 * changed it stays signed in here. The owner is told by email.
 */
export async function changePassword(
  deps: AccountDeps,
  session: SessionContext,
  user: UserRow,
  body: ChangePasswordBody,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    throw new AppError('VALIDATION', ACCOUNT_MESSAGES.currentPasswordIncorrect, {
      fields: { currentPassword: ACCOUNT_MESSAGES.currentPasswordIncorrect },
    });
  }
  const passwordHash = await hashPassword(body.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    forgetCachedSessions();
    await revokeUserSessions(tx, user.id);
    await startSession(tx, session.request, session.reply, user.id);
  });
  await deps.mailer.send({
    to: user.email,
    ...passwordChangedMail({ publicUrl: deps.config.publicUrl, firstName: user.firstName }),
  });
}
