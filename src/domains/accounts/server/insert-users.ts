import type { Executor } from '@/server/db/client';
import { users, type NewUserRow, type UserRow } from './accounts.tables';

export type InsertedUser = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'role'>;

/**
 * Writes ready-made user rows (the demo seed, test fixtures), in the caller's transaction.
 * Sign-up goes through registerUser instead: this checks nothing and sends no mail.
 */
export async function insertUsers(db: Executor, rows: NewUserRow[]): Promise<InsertedUser[]> {
  if (rows.length === 0) return [];
  return db.insert(users).values(rows).returning({
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    role: users.role,
  });
}
