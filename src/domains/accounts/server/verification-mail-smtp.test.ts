import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { freshIp, producerSignUp, tokenFromMail, waitForMail } from './test-helpers';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('[ACCOUNTS] verification email over real SMTP', () => {
  it('delivers the verification email, and its link verifies the account', async () => {
    const body = producerSignUp();
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      remoteAddress: freshIp(),
    });
    expect(response.statusCode).toBe(200);

    const deadline = Date.now() + 10_000;
    while (!received.some((m) => m.to.includes(body.email)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const message = received.find((m) => m.to.includes(body.email));
    expect(message, 'no mail arrived at the SMTP server').toBeDefined();
    const raw = decodeQuotedPrintable(message!.raw);
    expect(raw).toMatch(/Subject: Verify your email for PageToScreen/);
    expect(message!.from).toBe('no-reply@pagetoscreen.test');

    const token = tokenFromMail({ text: raw }, '/verify-email');
    expect(raw).toContain(`${t.config.publicUrl}/verify-email?token=${token}`);

    // The outbox records the delivery. The SMTP server has the message before the queue marks
    // the row sent (it is 'sending' in between), so wait for the mark.
    let outbox = await waitForMail(t.db, body.email, 'Verify your email');
    for (let waited = 0; outbox.status !== 'sent' && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      outbox = await waitForMail(t.db, body.email, 'Verify your email');
    }
    expect(outbox.status).toBe('sent');

    const verified = await t.request({ method: 'GET', url: `/api/auth/verify/${token}` });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().message).toBe('Email verified! You can now log in to your account.');
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
      remoteAddress: freshIp(),
    });
    expect(signIn.statusCode).toBe(200);
  });
});
