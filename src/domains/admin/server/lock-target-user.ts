import type { Executor } from '@/server/db/client';
import { getUserForUpdate, type UserRow } from '@/domains/accounts/server';
import { notFound } from '@/shared/errors';
import { ADMIN_MESSAGES } from '../admin.schema';

/**
 * The user an admin acts on, locked until the transaction ends (two admins acting on one
 * person run one after the other). A deleted (anonymised) account is no one: 404.
 */
export async function lockTargetUser(
  tx: Executor,
  userId: number,
  message: string = ADMIN_MESSAGES.userNotFound,
): Promise<UserRow> {
  const user = await getUserForUpdate(tx, userId);
  if (!user || user.deletedAt) throw notFound(message);
  return user;
}
