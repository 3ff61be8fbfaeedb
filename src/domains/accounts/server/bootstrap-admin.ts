import type { Database } from '@/server/db/client';
import { users } from './accounts.tables';
import { findUserByEmail, violatedConstraint, EMAIL_UNIQUE_INDEX } from './find-users';
import { hashPassword } from './password';

/** Creates a verified admin with these credentials when no user has that email. */
export async function bootstrapAdmin(
  db: Database,
  admin: { email: string; password: string },
): Promise<boolean> {
  const email = admin.email.trim();
  if (await findUserByEmail(db, email)) return false;
  const now = new Date();
  try {
    await db.insert(users).values({
      email,
      passwordHash: await hashPassword(admin.password),
      firstName: 'Admin',
      lastName: 'User',
      role: 'admin',
      emailVerifiedAt: now,
      acceptedLegalTermsAt: now,
    });
  } catch (error) {
    // Another instance starting at the same moment created it first.
    if (violatedConstraint(error) === EMAIL_UNIQUE_INDEX) return false;
    throw error;
  }
  return true;
}
