/**
 * The notifications room's server front door: the header bell's notifications. Only this
 * room writes `notifications`; other rooms call `notify`.
 */
import { eq } from 'drizzle-orm';
import type { PlatformUser } from '@/server/platform-user';
import type { AppDeps } from '@/server/deps';
import type { RoomModule } from '@/server/room-module';
import { notificationsRoutes } from './notifications.routes';
import { notifications } from './notifications.tables';

export const notificationsRoom: RoomModule = {
  name: 'notifications',
  routes: notificationsRoutes,
  accountDeletion: {
    erase: async (deps: Pick<AppDeps, 'db'>, user: PlatformUser) => {
      await deps.db.delete(notifications).where(eq(notifications.userId, user.id));
    },
  },
};

export { notify, type NewNotification } from './notify';
