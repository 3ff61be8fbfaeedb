import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import type { CompleteProfile } from '../accounts.schema';
import { users, type UserRow } from './accounts.tables';
import { usernameTakenError } from './account-errors';
import { isUsernameTaken, USERNAME_UNIQUE_INDEX, violatedConstraint } from './find-users';
import { profileColumns } from './profile-columns';
import { forgetCachedSessions } from '@/server/plugins/session';

/** Saves the complete-profile form and marks the profile complete. */
export async function completeProfile(
  db: Database,
  user: UserRow,
  body: CompleteProfile,
): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      if (await isUsernameTaken(tx, body.username, user.id)) throw usernameTakenError();
      const now = new Date();
      const [updated] = await tx
        .update(users)
        .set({
          ...profileColumns(body),
          acceptedLegalTermsAt: user.acceptedLegalTermsAt ?? now,
          profileCompletedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, user.id))
        .returning();
      forgetCachedSessions();
      return updated;
    });
  } catch (error) {
    if (violatedConstraint(error) === USERNAME_UNIQUE_INDEX) throw usernameTakenError();
    throw error;
  }
}
