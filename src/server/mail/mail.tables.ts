import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What the outbox keeps of an attachment: its description, not its bytes. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
}

/** Every mail the app sends, delivered or not: the platform's table (the mailer writes it). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    /** queued | sent | failed | logged (no SMTP configured) */
    status: text('status').notNull().default('queued'),
    error: text('error'),
    /** The attachments sent with it (name, type, size, SHA-256); null when none. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to), index('mail_outbox_status_idx').on(t.status)],
);

export type OutboxMailRow = typeof mailOutbox.$inferSelect;
