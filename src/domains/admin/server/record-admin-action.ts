import type { Executor } from '@/server/db/client';
import { adminAuditLog } from './admin.tables';

export interface AdminActionEntry {
  actorId: number;
  /** e.g. verify_agent, change_role, file_chain_document, delete_chain_document */
  action: string;
  /** user | listing | chain_of_title_document ... */
  targetType: string;
  targetId: number | null;
  /** A readable name for the target that outlives it (an email, a listing or document title). */
  targetLabel?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  notes?: string | null;
}

/**
 * Writes one row of the admin audit log. Only the admin room writes `admin_audit_log`
 * (scripts/check-table-writers.ts), so every room whose admin screens change something calls
 * this through the admin front door, passing its transaction so the entry commits with the
 * change it records.
 */
export async function recordAdminAction(db: Executor, entry: AdminActionEntry): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    targetLabel: entry.targetLabel ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    notes: entry.notes ?? null,
  });
}
