import { eq } from 'drizzle-orm';
import type { PlatformUser } from '@/server/platform-user';
import type { AppDeps } from '@/server/deps';
import { activityEvents, searchEvents } from './tracking.tables';

/** An account is deleted: the person's searches and listing activity go (personal data). */
export async function eraseUserActivity(
  deps: Pick<AppDeps, 'db'>,
  user: PlatformUser,
): Promise<void> {
  await deps.db.delete(searchEvents).where(eq(searchEvents.userId, user.id));
  await deps.db.delete(activityEvents).where(eq(activityEvents.userId, user.id));
}
