import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { mailOutbox, type OutboxAttachment } from './mail.tables';

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
}

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

export interface Mailer {
  /**
   * Records the message in the outbox and delivers it through SMTP when configured.
   * Call after the transaction that caused it has committed; never throws, so a mail
   * failure can never undo the work that sent it.
   */
  send(message: MailMessage): Promise<void>;
}

export function createMailer(deps: {
  config: Pick<Config, 'env' | 'smtpUrl' | 'mailFrom'>;
  db: Database;
  log: FastifyBaseLogger;
}): Mailer {
  const { config, db, log } = deps;
  let transport: Transporter | undefined;
  const getTransport = () => {
    // ignoreTLS: local/dev SMTP servers often offer no certificate; smtps:// still uses TLS.
    transport ??= nodemailer.createTransport(config.smtpUrl, { from: config.mailFrom });
    return transport;
  };

  return {
    async send({ attachments, ...message }) {
      try {
        const [row] = await db
          .insert(mailOutbox)
          .values({
            ...message,
            attachments: describeAttachments(attachments),
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
          return;
        }
        try {
          await getTransport().sendMail({ from: config.mailFrom, ...message, attachments });
          await db
            .update(mailOutbox)
            .set({ status: 'sent', sentAt: new Date() })
            .where(eq(mailOutbox.id, row.id));
        } catch (error) {
          log.error({ err: error, mailId: row.id }, 'mail delivery failed');
          await db
            .update(mailOutbox)
            .set({ status: 'failed', error: String(error).slice(0, 1000) })
            .where(eq(mailOutbox.id, row.id));
        }
      } catch (error) {
        log.error({ err: error }, 'mail could not be recorded');
      }
    },
  };
}
