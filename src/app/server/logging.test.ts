import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, testConfig } from '../../../tests/helpers/test-app';
import { getWorkerDatabase, resetDatabase } from '../../../tests/helpers/test-database';
import { buildApp } from './app';
import type { DatabaseHandle } from '@/server/db/client';
import { createMailer } from '@/server/mail/mailer';

/** Collects every log line written to it, as text. */
class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(chunk.toString('utf8'));
    done();
  }
  get text(): string {
    return this.lines.join('');
  }
}

// Personal data and secrets of the kind the outside test found in the logs.
const EMAIL = 'secret.person@example.test';
const PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const PHONE = '07700 900123';
const ADDRESS = '221B Baker Street, London NW1 6XE';

describe('[PLATFORM] logs carry no secrets or personal data', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  const capture = new LogCapture();

  beforeAll(async () => {
    database = await getWorkerDatabase();
    await resetDatabase(database);
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      serveWeb: false,
      logStream: capture,
    });
    // A route whose query fails on the database with personal data among its parameters
    // (an unknown table gives an error the handler answers with 500 and logs).
    app.get('/api/test-only/failing-query', async () => {
      await app.db.execute(
        sql`insert into no_such_table (email, password_hash, phone, address)
            values (${EMAIL}, ${PASSWORD_HASH}, ${PHONE}, ${ADDRESS})`,
      );
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    capture.lines = [];
  });

  const expectNoPersonalData = (text: string) => {
    for (const secret of [EMAIL, PASSWORD_HASH, PHONE, ADDRESS, 'c2FsdHNhbHQ']) {
      expect(text).not.toContain(secret);
    }
  };

  it('logs a failed query without its parameters', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test-only/failing-query' });
    expect(response.statusCode).toBe(500);
    // The failure is logged, with the statement but not the values.
    expect(capture.text).toContain('unhandled error');
    expect(capture.text).toContain('no_such_table');
    expectNoPersonalData(capture.text);
  });

  it('keeps query parameters out of every way an error can be logged', async () => {
    const error = await app.db
      .execute(
        sql`insert into no_such_table (email, password_hash, phone, address)
            values (${EMAIL}, ${PASSWORD_HASH}, ${PHONE}, ${ADDRESS})`,
      )
      .then(
        () => undefined,
        (failure: unknown) => failure as Error,
      );
    // The error itself carries the values: the logger is what must leave them out.
    expect(error?.message).toContain(EMAIL);
    app.log.error(error); // the message becomes the line's text
    app.log.error({ err: error }); // likewise, with no text given
    app.log.warn({ job: { failure: error } }, 'nested');
    app.log.warn({ errors: [error] }, 'in a list');
    expect(capture.lines).toHaveLength(4);
    expect(capture.text).toContain('no_such_table');
    expectNoPersonalData(capture.text);
  });

  it('logs a registration without the email, password or verification link', async () => {
    const password = 'a-very-secret-password';
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: '10.77.0.1',
      payload: {
        role: 'producer',
        firstName: 'Priya',
        lastName: 'Producer',
        email: EMAIL,
        username: 'priya_logging',
        password,
        confirmPassword: password,
        phoneNumber: PHONE,
        acceptedLegalTerms: true,
      },
    });
    expect(response.statusCode).toBe(200);
    // The mail is sent after the answer; wait until the outbox has it.
    await expect
      .poll(
        async () =>
          (
            await app.db.execute<{ n: number }>(
              sql`select count(*)::int as n from mail_outbox where to_address = ${EMAIL}`,
            )
          ).rows[0].n,
      )
      .toBe(1);
    expect(capture.text).toContain('/api/auth/register');
    expectNoPersonalData(capture.text);
    expect(capture.text).not.toContain(password);
    expect(capture.text).not.toContain('verify-email?token=');
  });

  it('redacts sensitive keys at any depth', async () => {
    app.log.info(
      {
        email: EMAIL,
        user: { passwordHash: PASSWORD_HASH, profile: { phoneNumber: PHONE, address: ADDRESS } },
        body: { password: 'hunter2-hunter2', newPassword: 'n3w-secret-pass', token: 'tok-123456' },
        headers: { cookie: 'pts_session=cookie-value-1', authorization: 'Bearer bearer-value-2' },
      },
      'something happened',
    );
    const text = capture.text;
    expect(text).toContain('something happened');
    expectNoPersonalData(text);
    for (const secret of [
      'hunter2-hunter2',
      'n3w-secret-pass',
      'tok-123456',
      'cookie-value-1',
      'bearer-value-2',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('logs a verification request without the token in its URL', async () => {
    const token = 'A'.repeat(43);
    await app.inject({ method: 'GET', url: `/api/auth/verify/${token}` });
    await app.inject({ method: 'GET', url: `/verify-email?token=${token}&x=1` });
    expect(capture.text).toContain('/api/auth/verify/');
    expect(capture.text).not.toContain(token);
  });
});

describe('[PLATFORM] the outbox mailer without SMTP', () => {
  const message = {
    to: EMAIL,
    subject: 'Reset your password',
    text: 'Reset it here: http://localhost:3000/reset-password?token=reset-token-value',
    html: '<p>Reset</p>',
  };

  const sendWith = async (env: 'development' | 'production' | 'test') => {
    const database = await getWorkerDatabase();
    const capture = new LogCapture();
    const log = pino({ level: 'info' }, capture);
    const mailer = createMailer({
      config: { env, smtpUrl: undefined, mailFrom: 'PageToScreen <no-reply@example.test>' },
      db: database.db,
      log,
    });
    await mailer.send(message);
    return capture.text;
  };

  // Issue 27: without SMTP the log is the mail's only delivery, under `npm start` too (a
  // newcomer verifies their account with it); main.ts warns that real users need SMTP_URL.
  it('logs the link at info level wherever the log is the only delivery, tests excepted', async () => {
    expect(await sendWith('development')).toContain('reset-token-value');
    expect(await sendWith('production')).toContain('reset-token-value');
    expect(await sendWith('test')).not.toContain('reset-token-value');
  });
});
