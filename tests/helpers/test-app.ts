import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '@/app/server/app';
import { loadConfig, type Config } from '@/server/config';
import type { Database, DatabaseHandle } from '@/server/db/client';
import { users, type NewUserRow, type UserRow } from '@/domains/accounts/server/accounts.tables';
import { hashPassword } from '@/domains/accounts/server';
import { getWorkerDatabase, resetDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  config: Config;
  /** app.inject with the app's own Origin, so CSRF checks pass as for the browser. */
  request(options: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** Config for tests: the environment of a fresh machine plus the overrides given. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pts-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...env,
  });
}

/**
 * Builds the real app on this worker's database, emptied first (STYLE.md 9).
 * Call once per test file, in beforeAll.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    serveWeb?: boolean;
    webRoot?: string;
    reset?: boolean;
  } = {},
): Promise<TestApp> {
  const database = await getWorkerDatabase();
  if (options.reset !== false) await resetDatabase(database);
  const config = testConfig(options.env);
  const app = await buildApp({
    config,
    database,
    logger: false,
    serveWeb: options.serveWeb ?? false,
    webRoot: options.webRoot,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    request: ({ cookie, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}), ...headers },
      }),
    close: () => app.close(),
  };
}

let userCounter = 0;

/**
 * One argon2 hash per password per worker: hashing costs ~30 ms of CPU (far more on a busy
 * machine) and the suites create hundreds of users with the same few passwords. The hash is a
 * real one, so signing in with the password still works.
 */
const hashes = new Map<string, Promise<string>>();
const hashOnce = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
};

/** Inserts a verified user directly (for tests that are not about registration). */
export async function createUser(
  db: Database,
  overrides: Partial<NewUserRow> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  userCounter += 1;
  const { password = 'correct-horse-battery', ...fields } = overrides;
  const [row] = await db
    .insert(users)
    .values({
      email: `user${userCounter}-${Date.now()}@example.test`,
      username: `user${userCounter}_${Date.now() % 100000}`,
      firstName: 'Test',
      lastName: `User${userCounter}`,
      role: 'producer',
      emailVerifiedAt: new Date(),
      passwordHash: await hashOnce(password),
      ...fields,
    })
    .returning();
  return { ...row, password };
}

/** Signs in through the API and returns the Cookie header for later requests. */
export async function login(testApp: TestApp, email: string, password: string): Promise<string> {
  const response = await testApp.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  const cookies = response.cookies.map((c) => `${c.name}=${c.value}`);
  return cookies.join('; ');
}

/**
 * Signs a user in by creating a session row directly, for tests that are not about the
 * sign-in endpoint. Returns the Cookie header.
 */
export async function signIn(testApp: TestApp, userId: number): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  const { sessions } = await import('@/server/plugins/session.tables');
  const { hashSessionToken, SESSION_COOKIE, SESSION_TTL_MS } =
    await import('@/server/plugins/session');
  const token = randomBytes(32).toString('base64url');
  await testApp.db.insert(sessions).values({
    idHash: hashSessionToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return `${SESSION_COOKIE}=${testApp.app.signCookie(token)}`;
}
