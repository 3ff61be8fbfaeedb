/**
 * The forum room's server front door (part 2 sections 6–9; decision 012). The forum depends on
 * accounts' table (authors), membership's rule (who may enter), listings' search words
 * (decision 002), admin's audit log and vetting's verified producers (badges, issue 35); no room
 * depends on it.
 */
import type { RoomModule } from '@/server/room-module';
import { eraseUserForumContent } from './erase-user-forum-content';
import { forumRoutes } from './forum.routes';

export const forumRoom: RoomModule = {
  name: 'forum',
  routes: forumRoutes,
  // An account closing: the person's discussions, replies and likes go (part 2 section 6).
  accountDeletion: { erase: eraseUserForumContent },
};
