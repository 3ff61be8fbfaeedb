import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { AppError } from '@/shared/errors';
import { ACCOUNT_MESSAGES } from '../accounts.constants';
import { users, type UserRow } from './accounts.tables';

/**
 * Permanently deletes the signed-in user's account. The foreign keys cascade: sessions,
 * email tokens, favourites, views, tracking events and, for agents, their listings go with
 * it (part 2 section 6). The last administrator cannot delete themselves: nobody could then
 * run the admin tools.
 */
export async function deleteAccount(db: Database, user: UserRow): Promise<void> {
  await db.transaction(async (tx) => {
    if (user.role === 'admin') {
      // Lock the admin rows so two admins deleting at once cannot both pass the check.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.role, 'admin'))
        .for('update');
      if (admins.length <= 1) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.lastAdmin);
    }
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
