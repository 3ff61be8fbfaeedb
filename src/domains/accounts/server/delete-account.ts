import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AccountDeletionStep } from '@/server/account-deletion';
import type { AppDeps } from '@/server/deps';
import type { Executor } from '@/server/db/client';
import { revokeUserSessions, forgetCachedSessions } from '@/server/plugins/session';
import { AppError, notFound } from '@/shared/errors';
import { ACCOUNT_MESSAGES } from '../accounts.constants';
import { emailTokens, users } from './accounts.tables';

export type { AccountDeletionStep } from '@/server/account-deletion';

export interface DeleteAccountOptions {
  /** Whose account: the signed-in user's own, or (admin tools) anyone's but an admin's. */
  userId: number;
  /** Every room's step, in the order app.ts lists the rooms. */
  steps: readonly AccountDeletionStep[];
}

/** The email of an anonymised account: unique, and no one can receive mail at it. */
export const deletedEmail = (userId: number) => `deleted-user-${userId}@deleted.invalid`;

/**
 * Deletes an account (part 2 section 6: "removes their data, offers and, for agents, their
 * listings"), without orphaning money: every room settles first (holds released, renewals
 * stopped, an agent's listings withdrawn), then erases its personal data. If no room keeps a
 * financial record of the person the user row is deleted; otherwise it is anonymised in
 * place (name, email, profile gone; unable to sign in) and kept. The last administrator
 * cannot be deleted: nobody could then run the admin tools.
 */
export async function deleteAccount(
  deps: AppDeps,
  { userId, steps }: DeleteAccountOptions,
): Promise<void> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw notFound('Account not found');
  // Checked before anything is settled, and again under lock at the end.
  if (user.role === 'admin') await requireAnotherAdmin(deps.db, user.id);

  for (const step of steps) await step.settle?.(deps, user);
  for (const step of steps) await step.erase?.(deps, user);
  const keeps = await Promise.all(steps.map((step) => step.keepsRecordsOf?.(deps, user)));
  const keepRow = keeps.some(Boolean);

  await deps.db.transaction(async (tx) => {
    if (user.role === 'admin') {
      // Lock the admin rows so two admins deleting at once cannot both pass the check.
      await requireAnotherAdmin(tx, user.id, { lock: true });
    }
    if (!keepRow) {
      // Nothing financial names the person: the row goes, and with it (foreign keys) every
      // session, token and what another step may have missed.
      await tx.delete(users).where(eq(users.id, user.id));
      forgetCachedSessions();
      return;
    }
    await tx.update(users).set(anonymised(user.id)).where(eq(users.id, user.id));
    forgetCachedSessions();
    await tx.delete(emailTokens).where(eq(emailTokens.userId, user.id));
    await revokeUserSessions(tx, user.id);
  });
}

async function requireAnotherAdmin(
  db: Executor,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<void> {
  const query = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt), ne(users.id, userId)));
  const others = options.lock ? await query.for('update') : await query;
  if (others.length === 0) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.lastAdmin);
}

/**
 * The person is gone from the row; what the records need stays: the id (their foreign
 * keys), the role, the legal terms once accepted and when the account was made.
 */
function anonymised(userId: number) {
  const now = new Date();
  return {
    email: deletedEmail(userId),
    username: null,
    // Not a hash: no password can ever match it (verifyPassword refuses it).
    passwordHash: '!account-deleted',
    firstName: 'Deleted',
    lastName: 'user',
    membershipTier: 'free',
    premiumExpiresAt: null,
    premiumAutoRenew: false,
    profileImageUrl: null,
    phoneNumber: null,
    address: null,
    imdbPageLink: null,
    whatAreYouLookingFor: null,
    howDidYouHearAboutUs: null,
    companyName: null,
    agencyWebsite: null,
    agencyYearsInBusiness: null,
    agencyClientList: null,
    agencyContactPhone: null,
    agencyCredentials: null,
    agentVerificationStatus: null,
    agentVerificationNotes: null,
    agentVerificationSubmittedAt: null,
    agentVerifiedAt: null,
    emailVerifiedAt: null,
    pendingEmail: null,
    profileCompletedAt: null,
    lastLoginAt: null,
    // Suspended as well: every check that keeps suspended accounts out keeps this one out.
    suspendedAt: now,
    deletedAt: now,
    updatedAt: now,
  } satisfies Partial<typeof users.$inferInsert>;
}
