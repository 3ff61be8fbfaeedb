import { passwordResetMail } from '@/server/mail/templates';
import { sendWithoutWaiting, type AccountDeps } from './account-deps';
import { createEmailToken } from './email-tokens';
import { findUserByEmail } from './find-users';

/**
 * Emails a one-hour, single-use reset link when the address has an account. The caller
 * answers the same either way (no enumeration).
 */
export async function requestPasswordReset(deps: AccountDeps, email: string): Promise<void> {
  const pending = await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    // Suspended accounts cannot sign in, so a reset link would only confuse.
    if (!user || user.suspendedAt) return null;
    const token = await createEmailToken(tx, {
      userId: user.id,
      purpose: 'reset_password',
      email: user.email,
    });
    return { user, token };
  });
  if (!pending) return;
  sendWithoutWaiting(deps.mailer, {
    to: pending.user.email,
    ...passwordResetMail({
      publicUrl: deps.config.publicUrl,
      firstName: pending.user.firstName,
      token: pending.token,
    }),
  });
}
