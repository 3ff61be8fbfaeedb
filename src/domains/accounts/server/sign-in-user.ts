import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { AppError } from '@/shared/errors';
import { startSession } from '@/server/plugins/session';
import { ACCOUNT_MESSAGES } from '../accounts.constants';
import type { SignIn } from '../accounts.schema';
import { sessions, users, type UserRow } from './accounts.tables';
import type { SessionContext } from './account-deps';
import type { AuthRateLimiter } from './auth-rate-limits';
import { findUserByEmail } from './find-users';
import { hashPassword, verifyPassword } from './password';

let dummyHash: Promise<string> | undefined;
/** A real argon2id hash to check unknown emails against, so they take as long as known ones. */
const getDummyHash = () => (dummyHash ??= hashPassword('timing-equaliser-not-a-password'));

const invalidCredentials = () =>
  new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.invalidCredentials);

/**
 * Checks the password and starts a new session (a fresh id at every sign-in). Wrong email and
 * wrong password get one answer; unverified and suspended accounts are refused with a reason.
 * Only failed attempts count towards the per-IP and per-email limits.
 */
export async function signInUser(
  deps: { db: Database; limiter: AuthRateLimiter },
  session: SessionContext,
  body: SignIn,
): Promise<UserRow> {
  const { db, limiter } = deps;
  await limiter.check(session.request, body.email);

  const user = await findUserByEmail(db, body.email);
  const isPasswordRight = await verifyPassword(
    user?.passwordHash ?? (await getDummyHash()),
    body.password,
  );
  if (!user || !isPasswordRight) {
    await limiter.consume(session.request, body.email).catch(() => undefined);
    throw invalidCredentials();
  }
  // Only someone who knows the password learns these states.
  if (user.suspendedAt) {
    throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.accountSuspended, {
      extra: { reason: 'account_suspended' },
    });
  }
  if (!user.emailVerifiedAt) {
    throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.emailNotVerified, {
      extra: { reason: 'email_not_verified', canResend: true },
    });
  }

  const lastLoginAt = new Date();
  await db.transaction(async (tx) => {
    // A sign-in over an existing session replaces it rather than leaving it behind.
    if (session.request.sessionIdHash) {
      await tx.delete(sessions).where(eq(sessions.idHash, session.request.sessionIdHash));
    }
    await tx.update(users).set({ lastLoginAt }).where(eq(users.id, user.id));
    await startSession(tx, session.request, session.reply, user.id);
  });
  return { ...user, lastLoginAt };
}
