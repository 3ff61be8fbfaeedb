import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { users, type UserRow } from './accounts.tables';
import { forgetCachedSessions } from '@/server/plugins/session';

export interface AgentVerificationDecision {
  status: 'approved' | 'rejected';
  notes: string | null;
  /** When the decision was made: `agentVerifiedAt` on approval, cleared on rejection. */
  decidedAt: Date;
}

/**
 * An administrator's decision on an agent's application (part 2 section 4: pending review to
 * approved or rejected, with optional notes). Answers the updated row, or null.
 */
export async function setAgentVerification(
  db: Executor,
  agentId: number,
  decision: AgentVerificationDecision,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({
      agentVerificationStatus: decision.status,
      agentVerificationNotes: decision.notes,
      agentVerifiedAt: decision.status === 'approved' ? decision.decidedAt : null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, agentId))
    .returning();
  forgetCachedSessions();
  return row ?? null;
}
