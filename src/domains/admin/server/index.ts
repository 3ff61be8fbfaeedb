/**
 * The admin room's server front door: its module for the app. Admin screens act through the
 * other rooms' front doors (a refund is the membership room's); this room decides who may.
 */
import type { RoomModule } from '@/server/room-module';
import { adminRoutes } from './admin.routes';

export const adminRoom: RoomModule = {
  name: 'admin',
  routes: adminRoutes,
};

// Every admin write is audited; rooms with admin screens (chain of title...) record theirs here.
export { recordAdminAction, type AdminActionEntry } from './record-admin-action';
