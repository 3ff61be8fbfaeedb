import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { ConfigError, loadConfig } from '@/server/config';

describe('[PLATFORM] health, errors and config', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers health with the database checked', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it('answers unknown API routes with JSON 404', async () => {
    const response = await t.request({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Malformed JSON in request body',
      code: 'BAD_REQUEST',
    });
    expect(response.body).not.toContain('at ');
  });

  it('sends security headers with a CSP', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document', async () => {
    const response = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths['/api/health']).toBeDefined();
  });

  it('refuses cross-site state-changing requests', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('[PLATFORM] configuration', () => {
  it('names each bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'abc', PAYMENT_PROVIDER: 'paypal', DATA_DIR: '/tmp/pts-cfg' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', PAYMENT_PROVIDER: 'paypal', DATA_DIR: '/tmp/pts-cfg' });
    } catch (error) {
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('PAYMENT_PROVIDER');
    }
  });

  it('defaults to the embedded database with demo seeding, and no seeding on PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/pts-cfg' }).seedDemo).toBe(true);
    expect(
      loadConfig({ DATA_DIR: '/tmp/pts-cfg', DATABASE_URL: 'postgres://localhost/x' }).seedDemo,
    ).toBe(false);
  });

  it('runs one embedding thread unless told, and refuses a count outside 1 to 8', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/pts-cfg' }).embeddingWorkers).toBe(1);
    expect(loadConfig({ DATA_DIR: '/tmp/pts-cfg', EMBEDDING_WORKERS: '2' }).embeddingWorkers).toBe(
      2,
    );
    for (const bad of ['0', '9', '1.5', 'two']) {
      expect(() => loadConfig({ DATA_DIR: '/tmp/pts-cfg', EMBEDDING_WORKERS: bad })).toThrow(
        /EMBEDDING_WORKERS/,
      );
    }
  });
});
