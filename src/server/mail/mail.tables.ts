import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What the outbox keeps of an attachment: its description, not its bytes. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

/** An attachment's bytes, kept only until the mail is sent (or dead) so a retry can send it. */
export interface PendingAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/**
 * Every mail the app sends, delivered or not: the platform's table (the mailer writes it).
 * It is also the mail queue (decision 021): a row is claimed before it is sent, so it is sent
 * once; an SMTP failure is retried with backoff, and the row is dead after its attempts.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    /** queued | sending | retry | sent | dead | logged (no SMTP configured) */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may next be claimed for sending (the backoff after a failure). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: until when the claim holds (a crashed sender's row is retried after). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Extra headers (a digest's List-Unsubscribe). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    pendingAttachments: jsonb('pending_attachments').$type<PendingAttachment[]>(),
    /** The attachments sent with it (name, type, size, SHA-256); null when none. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to),
    index('mail_outbox_status_idx').on(t.status),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

export type OutboxMailRow = typeof mailOutbox.$inferSelect;
