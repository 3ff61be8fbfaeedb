import type { AppDeps } from '@/server/deps';
import { setAgentVerification, type UserRow } from '@/domains/accounts/server';
import { publishAgentDrafts } from '@/domains/listings/server';
import { conflict } from '@/shared/errors';
import { ADMIN_MESSAGES, type VerifyAgentBody, type VerifyAgentResponse } from '../admin.schema';
import { agentApprovedMail, agentRejectedMail } from './admin-mails';
import { lockTargetUser } from './lock-target-user';
import { recordAuditEntry } from './record-audit-entry';
import { requireAdmin } from './require-admin';
import { toAdminUser } from './to-admin-user';

export interface VerifyAgentOptions extends VerifyAgentBody {
  admin: UserRow;
  agentId: number;
}

/**
 * POST /api/admin/verify-agent/{agentId}: an administrator approves or rejects an agent's
 * application, with optional notes. Approval publishes the drafts the agent prepared while
 * pending (decision 008). The agent is emailed either way, after the commit.
 */
export async function verifyAgent(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config' | 'log'>,
  { admin, agentId, status, notes }: VerifyAgentOptions,
): Promise<VerifyAgentResponse> {
  requireAdmin(admin);
  const note = notes ? notes : null;
  const { agent, published, afterCommit } = await deps.db.transaction(async (tx) => {
    const before = await lockTargetUser(tx, agentId, ADMIN_MESSAGES.agentNotFound);
    if (before.role !== 'agent') throw conflict(ADMIN_MESSAGES.notAnAgent);
    // An approved agent trades already; taking their listings down is a suspension.
    if (before.agentVerificationStatus === 'approved') {
      throw conflict('This agent is already approved');
    }
    const now = new Date();
    const updated = await setAgentVerification(tx, agentId, {
      status,
      notes: note,
      decidedAt: now,
    });
    const publishing =
      status === 'approved'
        ? await publishAgentDrafts(tx, agentId)
        : { listingIds: [], afterCommit: () => undefined };
    await recordAuditEntry(tx, {
      actor: admin,
      action: 'verify_agent',
      target: before,
      before: { agentVerificationStatus: before.agentVerificationStatus },
      after: {
        agentVerificationStatus: status,
        ...(status === 'approved' ? { publishedListingIds: publishing.listingIds } : {}),
      },
      notes: note,
    });
    return {
      agent: updated ?? before,
      published: publishing.listingIds,
      afterCommit: publishing.afterCommit,
    };
  });
  afterCommit();
  const mail =
    status === 'approved'
      ? agentApprovedMail({
          publicUrl: deps.config.publicUrl,
          firstName: agent.firstName,
          notes: note,
          publishedCount: published.length,
        })
      : agentRejectedMail({
          publicUrl: deps.config.publicUrl,
          firstName: agent.firstName,
          notes: note,
        });
  await deps.mailer.send({ to: agent.email, ...mail });
  deps.log.info({ adminId: admin.id, agentId, status }, 'agent verification decided');
  return {
    message: status === 'approved' ? ADMIN_MESSAGES.agentApproved : ADMIN_MESSAGES.agentRejected,
    user: toAdminUser(agent),
    publishedListingIds: published,
  };
}
