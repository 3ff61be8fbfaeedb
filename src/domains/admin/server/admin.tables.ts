import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '@/domains/accounts/server/accounts.tables';

/**
 * Every admin action, for trust: who did what to whom, the state before and after, and when.
 * Rows are never updated or deleted; the actor and target ids survive a deleted account
 * (no foreign key cascade: an anonymised user row stays, and a hard-deleted one keeps its id
 * and the email in `targetLabel`).
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. verify_agent, change_role, suspend_user, activate_user, reset_password, delete_user */
    action: text('action').notNull(),
    /** user | listing | comment | document ... */
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    /** A readable name for the target that outlives it (the user's email, a listing title). */
    targetLabel: text('target_label'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('admin_audit_log_created_idx').on(t.createdAt),
    index('admin_audit_log_action_idx').on(t.action, t.createdAt),
  ],
);
