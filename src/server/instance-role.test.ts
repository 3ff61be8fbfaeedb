import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { ConfigError, loadConfig } from './config';

/** INSTANCE_ROLE (decision 021): an instance that only runs jobs serves no room's routes. */
describe('[PLATFORM] instance role', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { INSTANCE_ROLE: 'jobs' } });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a jobs instance answers health and readiness, not the rooms, and has every job', async () => {
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const ready = await t.request({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toEqual({ database: true, migrations: true });
    expect((await t.request({ method: 'GET', url: '/api/listings' })).statusCode).toBe(404);
    // The rooms' jobs are there: one runs on demand and is recorded.
    await t.app.jobs.runNow('offers:deadlines');
  });

  it('refuses a role it does not know, naming the choices', () => {
    expect(() => loadConfig({ INSTANCE_ROLE: 'worker', DATA_DIR: '/tmp/pts-cfg' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ INSTANCE_ROLE: 'worker', DATA_DIR: '/tmp/pts-cfg' });
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toContain(
        'INSTANCE_ROLE must be all, web or jobs',
      );
    }
  });
});
