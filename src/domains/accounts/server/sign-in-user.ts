import { eq } from 'drizzle-orm';
import type { AppDeps } from '@/server/deps';
import { AppError } from '@/shared/errors';
import { replaceSession, forgetCachedSessions } from '@/server/plugins/session';
import { ACCOUNT_MESSAGES } from '../accounts.constants';
import type { SignIn } from '../accounts.schema';
import { users, type UserRow } from './accounts.tables';
import type { SessionContext } from './account-deps';
import type { LoginAttempt, LoginThrottle } from './auth-rate-limits';
import { knownDeviceIdFor, rememberDevice } from './device-cookie';
import { findUserByEmail } from './find-users';
import { hashPassword, verifyPassword } from './password';

let dummyHash: Promise<string> | undefined;
/** A real argon2id hash to check unknown emails against, so they take as long as known ones. */
const getDummyHash = () => (dummyHash ??= hashPassword('timing-equaliser-not-a-password'));

const invalidCredentials = () =>
  new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.invalidCredentials);

export interface SignInDeps extends Pick<AppDeps, 'db' | 'config'> {
  throttle: LoginThrottle;
}

/**
 * Checks the password and starts a new session (a fresh id at every sign-in). Wrong email and
 * wrong password get one answer; unverified and suspended accounts are refused with a reason.
 * Only failed attempts are throttled, and never so that someone else can lock the owner out
 * of their own browser (auth-rate-limits.ts, decision 005): a successful sign-in marks this
 * browser as a known device of the account.
 */
export async function signInUser(
  deps: SignInDeps,
  session: SessionContext,
  body: SignIn,
): Promise<UserRow> {
  const { db, throttle } = deps;
  const user = await findUserByEmail(db, body.email);
  const attempt: LoginAttempt = {
    request: session.request,
    email: body.email,
    knownDeviceId: knownDeviceIdFor(session.request, user?.id ?? null),
  };
  await throttle.check(attempt);

  const isPasswordRight = await verifyPassword(
    user?.passwordHash ?? (await getDummyHash()),
    body.password,
  );
  if (!user || !isPasswordRight) {
    await throttle.recordFailure(attempt).catch(() => undefined);
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
    await tx.update(users).set({ lastLoginAt }).where(eq(users.id, user.id));
    forgetCachedSessions();
    // A sign-in over an existing session replaces it rather than leaving it behind.
    await replaceSession(tx, session.request, session.reply, user.id);
  });
  rememberDevice(session.request, session.reply, user.id, {
    secure: deps.config.publicUrl.startsWith('https://'),
  });
  return { ...user, lastLoginAt };
}
