import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { users } from '@/domains/accounts/server/accounts.tables';
import type { PendingAgentsResponse } from '../admin.schema';
import { toPendingAgent } from './to-admin-user';

/** GET /api/admin/pending-agents: applications waiting for review, oldest first. */
export async function findPendingAgents(db: Executor): Promise<PendingAgentsResponse> {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.role, 'agent'),
        eq(users.agentVerificationStatus, 'pending'),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(
      asc(sql`coalesce(${users.agentVerificationSubmittedAt}, ${users.createdAt})`),
      asc(users.id),
    );
  return { agents: rows.map(toPendingAgent) };
}
