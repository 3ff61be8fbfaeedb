import { eq } from 'drizzle-orm';
import type { PlatformUser } from '@/server/platform-user';
import type { AppDeps } from '@/server/deps';
import { favourites } from './favourites.tables';

/** An account is deleted: the person's favourites go (personal data, nothing financial). */
export async function eraseUserFavourites(
  deps: Pick<AppDeps, 'db'>,
  user: PlatformUser,
): Promise<void> {
  await deps.db.delete(favourites).where(eq(favourites.userId, user.id));
}
