import { eq } from 'drizzle-orm';
import { AppError } from '@/shared/errors';
import { revokeUserSessions, forgetCachedSessions } from '@/server/plugins/session';
import { passwordChangedMail } from '@/server/mail/templates';
import { ACCOUNT_MESSAGES } from '../accounts.constants';
import type { ResetPassword } from '../accounts.schema';
import { users } from './accounts.tables';
import type { AccountDeps } from './account-deps';
import { sameEmail } from './account-errors';
import { consumeEmailToken } from './email-tokens';
import { getUserById } from './find-users';
import { hashPassword } from './password';

const invalidLink = () =>
  new AppError('VALIDATION', ACCOUNT_MESSAGES.resetLinkInvalid, {
    fields: { token: ACCOUNT_MESSAGES.resetLinkInvalid },
  });

/**
 * Sets a new password from a reset link (single use, one hour), signs every device out and
 * tells the owner by email.
 */
export async function resetPassword(deps: AccountDeps, body: ResetPassword): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  const user = await deps.db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { token: body.token, purpose: 'reset_password' });
    if (!used) throw invalidLink();
    const found = await getUserById(tx, used.userId);
    // The link was sent to an address the account no longer has.
    if (!found || !sameEmail(used.email, found.email)) throw invalidLink();
    const now = new Date();
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        // Opening the emailed link proves the address, as verification would.
        emailVerifiedAt: found.emailVerifiedAt ?? now,
      })
      .where(eq(users.id, found.id));
    forgetCachedSessions();
    await revokeUserSessions(tx, found.id);
    return found;
  });
  await deps.mailer.send({
    to: user.email,
    ...passwordChangedMail({ publicUrl: deps.config.publicUrl, firstName: user.firstName }),
  });
}
