import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher, type SmtpCatcher } from '../../../tests/helpers/smtp-catcher';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { MAIL_MAX_ATTEMPTS } from './mailer';
import { mailOutbox } from './mail.tables';

let smtp: SmtpCatcher;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const message = (to: string) => ({
  to,
  subject: 'Your offer was accepted',
  text: 'Good news.',
  html: '<p>Good news.</p>',
});

const rowFor = async (to: string) => {
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return row;
};

/** Makes a waiting mail due now, as if its backoff had passed. */
const backoffOver = (to: string) =>
  t.db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(eq(mailOutbox.to, to));

const receivedBy = (to: string) => smtp.received.filter((mail) => mail.to.includes(to));

describe('[PLATFORM] the mail queue', () => {
  it('sends a mail once, at once', async () => {
    await t.app.mailer.send(message('once@example.test'));
    expect(await rowFor('once@example.test')).toMatchObject({ status: 'sent', attempts: 1 });
    // The outbox job finds nothing left to send.
    expect(await t.app.mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(receivedBy('once@example.test')).toHaveLength(1);
  });

  it('retries a mail the SMTP server refused, after a backoff, and sends it once', async () => {
    smtp.refuseNext(1);
    await t.app.mailer.send(message('retry@example.test'));
    const waiting = await rowFor('retry@example.test');
    expect(waiting).toMatchObject({ status: 'retry', attempts: 1 });
    expect(waiting.error).toContain('Try again later');
    // Not before its backoff (30 s).
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await t.app.mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });

    await backoffOver('retry@example.test');
    // Two instances' outbox jobs at once: the row is claimed by one of them.
    const outcomes = await Promise.all([t.app.mailer.deliverDue(), t.app.mailer.deliverDue()]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.sent, 0)).toBe(1);
    expect(await rowFor('retry@example.test')).toMatchObject({ status: 'sent', attempts: 2 });
    expect(receivedBy('retry@example.test')).toHaveLength(1);
  });

  it('gives up on a mail after its attempts and keeps it as dead', async () => {
    smtp.refuseNext(MAIL_MAX_ATTEMPTS);
    await t.app.mailer.send(message('dead@example.test'));
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      await backoffOver('dead@example.test');
      await t.app.mailer.deliverDue();
    }
    expect(await rowFor('dead@example.test')).toMatchObject({
      status: 'dead',
      attempts: MAIL_MAX_ATTEMPTS,
    });
    await backoffOver('dead@example.test');
    expect(await t.app.mailer.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(receivedBy('dead@example.test')).toHaveLength(0);
    smtp.refuseNext(0);
  });

  it('keeps an attachment until the retry that sends it', async () => {
    smtp.refuseNext(1);
    await t.app.mailer.send({
      ...message('attached@example.test'),
      attachments: [
        {
          filename: 'agreement.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-1.7 x'),
        },
      ],
    });
    await backoffOver('attached@example.test');
    await t.app.mailer.deliverDue();
    const [mail] = receivedBy('attached@example.test');
    expect(mail.raw).toContain('filename=agreement.pdf');
    expect(await rowFor('attached@example.test')).toMatchObject({
      status: 'sent',
      pendingAttachments: null,
    });
  });
});
