import { verificationMail } from '@/server/mail/templates';
import { sendWithoutWaiting, type AccountDeps } from './account-deps';
import { createEmailToken } from './email-tokens';
import { findUserByEmail } from './find-users';

/**
 * Sends a fresh verification link when the address belongs to an unverified account. The
 * caller answers the same in every case, so nobody learns whether an email is registered.
 */
export async function resendVerification(deps: AccountDeps, email: string): Promise<void> {
  const pending = await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.emailVerifiedAt) return null;
    const token = await createEmailToken(tx, {
      userId: user.id,
      purpose: 'verify_email',
      email: user.email,
    });
    return { user, token };
  });
  if (!pending) return;
  sendWithoutWaiting(deps.mailer, {
    to: pending.user.email,
    ...verificationMail({
      publicUrl: deps.config.publicUrl,
      firstName: pending.user.firstName,
      token: pending.token,
      isAgent: pending.user.role === 'agent',
    }),
  });
}
