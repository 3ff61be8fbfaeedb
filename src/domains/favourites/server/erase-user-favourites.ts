import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { AppDeps } from '@/server/deps';
import { favourites } from './favourites.tables';

/** An account is deleted: the person's favourites go (personal data, nothing financial). */
export async function eraseUserFavourites(deps: Pick<AppDeps, 'db'>, user: UserRow): Promise<void> {
  await deps.db.delete(favourites).where(eq(favourites.userId, user.id));
}
