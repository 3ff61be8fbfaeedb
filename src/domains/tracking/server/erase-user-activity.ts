import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import type { AppDeps } from '@/server/deps';
import { activityEvents, searchEvents } from './tracking.tables';

/** An account is deleted: the person's searches and listing activity go (personal data). */
export async function eraseUserActivity(deps: Pick<AppDeps, 'db'>, user: UserRow): Promise<void> {
  await deps.db.delete(searchEvents).where(eq(searchEvents.userId, user.id));
  await deps.db.delete(activityEvents).where(eq(activityEvents.userId, user.id));
}
