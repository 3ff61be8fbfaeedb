import type { FastifyRequest } from 'fastify';
import { forbidden } from '@/shared/errors';
import { requireUser } from '@/server/plugins/session';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { FORUM_ACCESS_MESSAGE } from '../forum.constants';
import { canUseForum } from '../forum.rules';

/** Guard: a signed-in premium producer, agent or admin (part 2 section 6), or 401/403. */
export function requireForumAccess(request: FastifyRequest): UserRow {
  const user = requireUser(request);
  if (!canUseForum(user)) throw forbidden(FORUM_ACCESS_MESSAGE);
  return user;
}
