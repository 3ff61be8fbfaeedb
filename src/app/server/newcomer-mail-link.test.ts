import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TEST_ORIGIN, testConfig } from '../../../tests/helpers/test-app';
import { getWorkerDatabase, resetDatabase } from '../../../tests/helpers/test-database';
import { buildApp } from './app';

class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

/**
 * Issue 27: the README's newcomer runs `npm start` (NODE_ENV=production) with no SMTP server,
 * registers, and verifies the account with the link the server writes to its log.
 */
describe('[PLATFORM] a newcomer without SMTP verifies their account from the log', () => {
  let app: FastifyInstance;
  const log = new LogCapture();

  beforeAll(async () => {
    const database = await getWorkerDatabase();
    await resetDatabase(database);
    const config = { ...testConfig({ LOG_LEVEL: 'info' }), env: 'production' as const };
    app = await buildApp({ config, database, serveWeb: false, logStream: log });
    await app.ready();
  });
  afterAll(() => app.close());

  it('registers, finds the link in the log, follows it and signs in', async () => {
    const account = {
      role: 'producer',
      firstName: 'Nadia',
      lastName: 'Newcomer',
      email: 'nadia.newcomer@example.test',
      username: 'nadia_newcomer',
      password: 'a-strong-password',
      confirmPassword: 'a-strong-password',
      acceptedLegalTerms: true,
    };
    const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN } });
    expect((await send('POST', '/api/auth/register', account)).statusCode).toBe(200);

    // The mail goes out after the answer: wait for its line.
    await expect.poll(() => /verify-email\?token=([\w%-]+)/.exec(log.text)?.[1]).toBeTruthy();
    const token = decodeURIComponent(/verify-email\?token=([\w%-]+)/.exec(log.text)![1]);
    const verified = await send('GET', `/api/auth/verify/${encodeURIComponent(token)}`);
    expect(verified.statusCode, verified.body).toBe(200);

    const signedIn = await send('POST', '/api/auth/login', {
      email: account.email,
      password: account.password,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });
});
