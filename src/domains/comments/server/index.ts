/**
 * The comments room's server front door. Premium members discuss a listing under it (the
 * listing's agent answers, admins moderate on /admin/comments). The room reads listings and
 * users, asks membership's one premium gate who may join, and records its admin removals
 * through the admin room's front door; none of them depends on it.
 */
import type { RoomModule } from '@/server/room-module';
import { adminCommentsRoutes } from './admin-comments.routes';
import { commentsRoutes } from './comments.routes';
import { eraseUserComments } from './erase-user-comments';

export const commentsRoom: RoomModule = {
  name: 'comments',
  routes: async (app) => {
    await app.register(commentsRoutes);
    await app.register(adminCommentsRoutes);
  },
  // An account closing: the person's comments, likes and reports go (decision 007).
  accountDeletion: { erase: eraseUserComments },
};
