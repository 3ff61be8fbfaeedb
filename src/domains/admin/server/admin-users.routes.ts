import { errorResponses } from '@/shared/errors';
import { idOrNotFound } from '@/shared/ids';
import { requireRole } from '@/server/plugins/session';
import type { RoomRoutes, RoomRoutesOptions } from '@/server/room-module';
import {
  ADMIN_MESSAGES,
  AdminResetPasswordBodySchema,
  AdminResetPasswordResponseSchema,
  AdminUserActionResponseSchema,
  AgentIdParamsSchema,
  AuditLogQuerySchema,
  AuditLogResponseSchema,
  DeleteUserResponseSchema,
  ListUsersQuerySchema,
  ListUsersResponseSchema,
  PendingAgentsResponseSchema,
  SetUserRoleBodySchema,
  SuspendUserBodySchema,
  SuspensionImpactSchema,
  UserIdParamsSchema,
  VerifyAgentBodySchema,
  VerifyAgentResponseSchema,
} from '../admin.schema';
import { activateUser } from './activate-user';
import { changeUserRole } from './change-user-role';
import { deleteUser } from './delete-user';
import { findAdminUsers } from './find-admin-users';
import { findAuditEntries } from './find-audit-entries';
import { findPendingAgents } from './find-pending-agents';
import { getSuspensionImpact } from './get-suspension-impact';
import { resetUserPassword } from './reset-user-password';
import { suspendUser } from './suspend-user';
import { verifyAgent } from './verify-agent';

const tags = ['admin'];

/** The Fastify instance a room's routes receive (Zod types on every route). */
type App = Parameters<RoomRoutes>[0];

/** The admin users console (part 2 sections 2, 4, 5, 6 and 8; decision 009). */
export const adminUsersRoutes: RoomRoutes = async (app, options) => {
  registerUserDirectoryRoutes(app);
  registerUserActionRoutes(app, options);
  registerAuditLogRoutes(app);
};

/** Finding users, and vetting agents who await verification. */
function registerUserDirectoryRoutes(app: App): void {
  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Every account, a page at a time: search, filter by role and status, sort',
        querystring: ListUsersQuerySchema,
        response: { 200: ListUsersResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return findAdminUsers(app.db, request.query);
    },
  );

  app.get(
    '/admin/pending-agents',
    {
      schema: {
        tags,
        summary: 'Agent applications waiting for review, oldest first',
        response: { 200: PendingAgentsResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return findPendingAgents(app.db);
    },
  );

  app.post(
    '/admin/verify-agent/:agentId',
    {
      schema: {
        tags,
        summary: "Approve or reject an agent's application (approval publishes their drafts)",
        params: AgentIdParamsSchema,
        body: VerifyAgentBodySchema,
        response: { 200: VerifyAgentResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const agentId = idOrNotFound(request.params.agentId, ADMIN_MESSAGES.agentNotFound);
      return verifyAgent(app, { admin, agentId, ...request.body });
    },
  );
}

/** What an admin does to one account: role, suspension, password reset, deletion. */
function registerUserActionRoutes(app: App, options: RoomRoutesOptions): void {
  app.put(
    '/admin/users/:userId/role',
    {
      schema: {
        tags,
        summary: "Change a user's role: free, premium, agent (administrator keeps an admin one)",
        params: UserIdParamsSchema,
        body: SetUserRoleBodySchema,
        response: {
          200: AdminUserActionResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const userId = idOrNotFound(request.params.userId, ADMIN_MESSAGES.userNotFound);
      return changeUserRole(app, { admin, userId, role: request.body.role });
    },
  );

  app.get(
    '/admin/users/:userId/suspension-impact',
    {
      schema: {
        tags,
        summary: "What suspending a user would do: the agent's listings on the market, sessions",
        params: UserIdParamsSchema,
        response: { 200: SuspensionImpactSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const userId = idOrNotFound(request.params.userId, ADMIN_MESSAGES.userNotFound);
      return getSuspensionImpact(app.db, { admin, userId, now: new Date() });
    },
  );

  app.post(
    '/admin/users/:userId/suspend',
    {
      schema: {
        tags,
        summary: 'Suspend a user: signed out, unable to sign in, listings off the market',
        params: UserIdParamsSchema,
        body: SuspendUserBodySchema,
        response: {
          200: AdminUserActionResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const userId = idOrNotFound(request.params.userId, ADMIN_MESSAGES.userNotFound);
      return suspendUser(app, { admin, userId, notes: request.body?.notes });
    },
  );

  app.post(
    '/admin/users/:userId/activate',
    {
      schema: {
        tags,
        summary: 'Lift a suspension: the user may sign in and their listings return',
        params: UserIdParamsSchema,
        body: SuspendUserBodySchema,
        response: {
          200: AdminUserActionResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const userId = idOrNotFound(request.params.userId, ADMIN_MESSAGES.userNotFound);
      return activateUser(app, { admin, userId, notes: request.body?.notes });
    },
  );

  app.post(
    '/admin/users/:userId/reset-password',
    {
      schema: {
        tags,
        summary: "Set a user's password (signs them out everywhere and emails them)",
        params: UserIdParamsSchema,
        body: AdminResetPasswordBodySchema,
        response: {
          200: AdminResetPasswordResponseSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const userId = idOrNotFound(request.params.userId, ADMIN_MESSAGES.userNotFound);
      return resetUserPassword(app, { admin, userId, newPassword: request.body.newPassword });
    },
  );

  app.delete(
    '/admin/users/:userId',
    {
      schema: {
        tags,
        summary: 'Delete a user (not an administrator) the way account deletion does',
        params: UserIdParamsSchema,
        response: { 200: DeleteUserResponseSchema, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const admin = requireRole(request, 'admin');
      const userId = idOrNotFound(request.params.userId, ADMIN_MESSAGES.userNotFound);
      return deleteUser(app, { admin, userId, steps: options.accountDeletionSteps });
    },
  );
}

/** The audit log of admin actions. */
function registerAuditLogRoutes(app: App): void {
  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags,
        summary: 'The admin audit log, newest first, with who acted',
        querystring: AuditLogQuerySchema,
        response: { 200: AuditLogResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      requireRole(request, 'admin');
      return findAuditEntries(app.db, request.query);
    },
  );
}
