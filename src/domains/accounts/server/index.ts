/**
 * The accounts room's server front door: its module for the app, and what other rooms, the
 * platform and scripts may use. Everything else in this folder is private to the room.
 */
import type { RoomModule } from '@/server/room-module';
import { accountsRoutes } from './accounts.routes';

export const accountsRoom: RoomModule = {
  name: 'accounts',
  routes: accountsRoutes,
};

export type { NewUserRow, UserRow } from './accounts.tables';
export { bootstrapAdmin } from './bootstrap-admin';
/** The session plugin's user lookup: app.ts hands it to the platform at start. */
export { findSession } from './find-session';
export { findUserByEmail, getUserById, getUserForUpdate } from './find-users';
export { insertUsers, type InsertedUser } from './insert-users';
export { ARGON2_PARAMS, hashPassword, verifyPassword } from './password';
export { toCurrentUser } from './to-current-user';
export { updatePremiumState, type PremiumStateChange } from './update-premium-state';
/** Account deletion: every room's part runs through it (admin deletion will too). */
export {
  deleteAccount,
  type AccountDeletionStep,
  type DeleteAccountOptions,
} from './delete-account';
/** The admin console's changes to a user (the admin room audits and mails around them). */
export { setUserRole, type UserRoleChange } from './set-user-role';
export { setUserSuspension } from './set-user-suspension';
export { setAgentVerification, type AgentVerificationDecision } from './set-agent-verification';
export { setUserPassword } from './set-user-password';
