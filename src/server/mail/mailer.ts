import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Executor } from '../db/client';
import { backoffMs } from '../jobs/job-queue';
import {
  mailOutbox,
  type OutboxAttachment,
  type OutboxMailRow,
  type PendingAttachment,
} from './mail.tables';

/** A file sent with a message (a signed agreement). Held in memory: keep them small. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. a digest's List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** Attempts of one mail before it is dead; the waits between them double from 30 s. */
export const MAIL_MAX_ATTEMPTS = 5;
export const MAIL_RETRY_BASE_MS = 30_000;
/** How long a claimed mail is held while it is handed to SMTP. */
const SEND_LEASE_MS = 2 * 60 * 1000;

/** What the outbox records of the attachments: name, type, size and SHA-256, not the bytes. */
const describeAttachments = (
  attachments: MailAttachment[] | undefined,
): OutboxAttachment[] | null =>
  attachments && attachments.length > 0
    ? attachments.map((attachment) => ({
        filename: attachment.filename,
        contentType: attachment.contentType,
        sizeBytes: attachment.content.length,
        sha256: createHash('sha256').update(attachment.content).digest('hex'),
      }))
    : null;

const keepAttachments = (attachments: MailAttachment[] | undefined): PendingAttachment[] | null =>
  attachments && attachments.length > 0
    ? attachments.map(({ filename, contentType, content }) => ({
        filename,
        contentType,
        base64: content.toString('base64'),
      }))
    : null;

export interface Mailer {
  /**
   * Records the message in the outbox and delivers it through SMTP when configured (a failure
   * is retried by the mail:outbox job). Call after the transaction that caused it has
   * committed; never throws, so a mail failure can never undo the work that sent it.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Records the message in the outbox inside the caller's transaction (so the mail exists
   * exactly when the work that sends it commits); call `deliver` with the id after commit.
   */
  enqueue(executor: Executor, message: MailMessage): Promise<number>;
  /** Claims and sends one queued mail now; never throws (a failure waits for its retry). */
  deliver(id: number): Promise<void>;
  /** Claims and sends the mails that are due (the mail:outbox job); returns what happened. */
  deliverDue(limit?: number): Promise<{ sent: number; failed: number }>;
}

type MailerDeps = {
  config: Pick<Config, 'env' | 'smtpUrl' | 'mailFrom'>;
  db: Database;
  log: FastifyBaseLogger;
};

/** The rows claimed for sending: due (queued or retry), or a crashed sender's lapsed claim. */
async function claimMails(db: Database, ids: number[] | null, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          ids ? inArray(mailOutbox.id, ids) : undefined,
          sql`((${mailOutbox.status} in ('queued', 'retry') and ${mailOutbox.nextAttemptAt} <= now())
            or (${mailOutbox.status} = 'sending' and ${mailOutbox.lockedUntil} < now()))`,
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        lockedUntil: sql`now() + make_interval(secs => ${SEND_LEASE_MS / 1000})`,
      })
      .where(
        inArray(
          mailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

function createSender(deps: MailerDeps) {
  const { config, db, log } = deps;
  let transport: Transporter | undefined;
  const getTransport = () => {
    transport ??= nodemailer.createTransport(config.smtpUrl, { from: config.mailFrom });
    return transport;
  };
  const sending = eq(mailOutbox.status, 'sending');

  /** Hands one claimed row to SMTP and records the outcome; true when it was sent. */
  return async (row: OutboxMailRow): Promise<boolean> => {
    try {
      await getTransport().sendMail({
        from: config.mailFrom,
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        headers: row.headers ?? undefined,
        attachments: row.pendingAttachments?.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: Buffer.from(attachment.base64, 'base64'),
        })),
      });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lockedUntil: null, pendingAttachments: null })
        .where(and(eq(mailOutbox.id, row.id), sending));
      log.info({ mailId: row.id, attempt: row.attempts }, 'mail sent');
      return true;
    } catch (error) {
      const dead = row.attempts >= MAIL_MAX_ATTEMPTS;
      const waitMs = backoffMs(row.attempts, MAIL_RETRY_BASE_MS);
      await db
        .update(mailOutbox)
        .set({
          status: dead ? 'dead' : 'retry',
          error: String(error).slice(0, 1000),
          lockedUntil: null,
          nextAttemptAt: new Date(Date.now() + (dead ? 0 : waitMs)),
          ...(dead ? { pendingAttachments: null } : {}),
        })
        .where(and(eq(mailOutbox.id, row.id), sending));
      (dead ? log.error : log.warn).call(
        log,
        { err: error, mailId: row.id, attempt: row.attempts, retryInMs: dead ? undefined : waitMs },
        dead
          ? 'mail delivery failed; no attempts left (dead)'
          : 'mail delivery failed; retried later',
      );
      return false;
    }
  };
}

export function createMailer(deps: MailerDeps): Mailer {
  const { config, db, log } = deps;
  const sendRow = createSender(deps);

  const enqueue: Mailer['enqueue'] = async (executor, { attachments, ...message }) => {
    const [row] = await executor
      .insert(mailOutbox)
      .values({
        ...message,
        headers: message.headers ?? null,
        attachments: describeAttachments(attachments),
        pendingAttachments: config.smtpUrl ? keepAttachments(attachments) : null,
        status: config.smtpUrl ? 'queued' : 'logged',
      })
      .returning({ id: mailOutbox.id });
    if (!config.smtpUrl) {
      // Without SMTP the log is the only way a mail reaches anyone: a newcomer running
      // `npm start` verifies their account with the link written here (issue 27). The
      // text carries verification and reset links, so an installation with real users
      // sets SMTP_URL (main.ts warns at start when it is missing); tests keep it quiet.
      const logMail = config.env === 'test' ? log.debug : log.info;
      logMail.call(
        log,
        { mailId: row.id, to: message.to, subject: message.subject, text: message.text },
        'mail (no SMTP_URL: kept in outbox)',
      );
    }
    return row.id;
  };

  const deliver: Mailer['deliver'] = async (id) => {
    if (!config.smtpUrl) return;
    try {
      for (const row of await claimMails(db, [id], 1)) await sendRow(row);
    } catch (error) {
      log.error({ err: error, mailId: id }, 'mail could not be claimed; the outbox job retries it');
    }
  };

  return {
    enqueue,
    deliver,
    async send(message) {
      try {
        await deliver(await enqueue(db, message));
      } catch (error) {
        log.error({ err: error }, 'mail could not be recorded');
      }
    },
    async deliverDue(limit = 20) {
      const outcome = { sent: 0, failed: 0 };
      if (!config.smtpUrl) return outcome;
      for (const row of await claimMails(db, null, limit)) {
        if (await sendRow(row)) outcome.sent += 1;
        else outcome.failed += 1;
      }
      return outcome;
    },
  };
}

/** Mails waiting to be sent (due now): the metrics' mail queue depth. */
export async function mailQueueDepth(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(
      and(
        inArray(mailOutbox.status, ['queued', 'retry']),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
      ),
    );
  return Number(row?.count ?? 0);
}

/** Per status, how many mails the outbox holds (the admin jobs page). */
export async function mailOutboxSummary(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .select({ status: mailOutbox.status, count: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .groupBy(mailOutbox.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}
