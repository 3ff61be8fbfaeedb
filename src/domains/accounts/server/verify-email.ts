import { eq } from 'drizzle-orm';
import { AppError } from '@/shared/errors';
import type { Database } from '@/server/db/client';
import { ACCOUNT_MESSAGES } from '../accounts.constants';
import { users } from './accounts.tables';
import { sameEmail } from './account-errors';
import { consumeEmailToken } from './email-tokens';
import { EMAIL_UNIQUE_INDEX, findUserByEmail, getUserById, violatedConstraint } from './find-users';
import { forgetCachedSessions } from '@/server/plugins/session';

const invalidLink = () => new AppError('VALIDATION', ACCOUNT_MESSAGES.verificationLinkInvalid);
const emailInUse = () => new AppError('VALIDATION', ACCOUNT_MESSAGES.emailTaken);

/**
 * Uses a verification link: confirms the account's address, or, for an email change,
 * makes the new address the account's email. Each link works once, for 24 hours.
 */
export async function verifyEmail(db: Database, token: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const used = await consumeEmailToken(tx, { token, purpose: 'verify_email' });
      if (!used) throw invalidLink();
      const user = await getUserById(tx, used.userId);
      if (!user) throw invalidLink();
      const now = new Date();

      if (sameEmail(used.email, user.email)) {
        if (!user.emailVerifiedAt) {
          await tx
            .update(users)
            .set({ emailVerifiedAt: now, updatedAt: now })
            .where(eq(users.id, user.id));
          forgetCachedSessions();
        }
        return;
      }
      // An email change: only the latest requested address may be applied.
      if (!sameEmail(used.email, user.pendingEmail)) throw invalidLink();
      const other = await findUserByEmail(tx, used.email);
      if (other && other.id !== user.id) throw emailInUse();
      await tx
        .update(users)
        .set({ email: used.email, pendingEmail: null, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      forgetCachedSessions();
    });
  } catch (error) {
    if (violatedConstraint(error) === EMAIL_UNIQUE_INDEX) throw emailInUse();
    throw error;
  }
}
