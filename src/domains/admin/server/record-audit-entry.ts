import type { Executor } from '@/server/db/client';
import type { UserRow } from '@/domains/accounts/server';
import type { AuditAction } from '../admin.schema';
import { recordAdminAction } from './record-admin-action';

export interface AuditEntryInput {
  actor: Pick<UserRow, 'id'>;
  action: AuditAction;
  /** The user acted on (the console's only target type so far). */
  target: Pick<UserRow, 'id' | 'email'>;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  notes?: string | null;
}

/**
 * The users console's audit row (target type `user`, labelled with the email), written by
 * the room's one writer. Pass the transaction that makes the change, so the change and its
 * record commit together (or neither does).
 */
export async function recordAuditEntry(db: Executor, entry: AuditEntryInput): Promise<void> {
  await recordAdminAction(db, {
    actorId: entry.actor.id,
    action: entry.action,
    targetType: 'user',
    targetId: entry.target.id,
    targetLabel: entry.target.email,
    before: entry.before ?? null,
    after: entry.after ?? null,
    notes: entry.notes ?? null,
  });
}

/** The fields of `after` that differ from `before`, as JSON-friendly values, both sides. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const json = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    const [a, b] = [json(before[key]), json(after[key])];
    if (a === b) continue;
    was[key] = a ?? null;
    now[key] = b ?? null;
  }
  return { before: was, after: now };
}
