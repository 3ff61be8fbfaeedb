import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whenCatalogueIndexesBuilt } from '@/domains/listings/server';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { jobRuns } from '@/server/jobs/jobs.tables';

const METRICS_TOKEN = 'a-long-scraper-token-1234';

/** Readiness and metrics (issue 32): what a load balancer and Prometheus read. */
describe('[PLATFORM] readiness and metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN } });
  });
  afterAll(() => t.close());

  it('is ready once the database answers, every migration is applied and the catalogue index is built', async () => {
    await whenCatalogueIndexesBuilt();
    const response = await t.request({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: true, migrations: true, catalogueIndex: true },
    });
  });

  it('answers 503 naming what it waits for while a migration is missing', async () => {
    const [last] = (
      await t.db.execute<{ id: number; hash: string; created_at: string }>(
        // The newest applied migration's record, put back after the check.
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`,
      )
    ).rows;
    expect(last).toBeDefined();
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      {
        const response = await t.request({ method: 'GET', url: '/api/ready' });
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({
          code: 'NOT_READY',
          status: 'not ready',
          checks: { database: true, migrations: false },
        });
        expect(response.json().message).toContain('migrations');
      }
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
    }
  });

  it('serves Prometheus metrics only with the token, with request durations by route pattern', async () => {
    await t.request({ method: 'GET', url: '/api/health' });
    await t.request({ method: 'GET', url: '/api/listings/123456' });

    expect((await t.request({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    const wrong = await t.request({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('Send the metrics token as "Authorization: Bearer <token>".');

    const response = await t.request({
      method: 'GET',
      url: '/api/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toContain('pts_http_request_duration_seconds_bucket');
    expect(text).toMatch(/route="\/api\/health"/);
    // The pattern, not the id: one series per route, not per listing.
    expect(text).toMatch(/route="\/api\/listings\/:id"/);
    expect(text).not.toContain('123456');
    expect(text).toContain('pts_nodejs_eventloop_lag_seconds');
    console.log(
      text
        .split('\n')
        .filter((l) => l.includes('pts_ready'))
        .join('\n'),
    );
    expect(text).toContain('pts_ready{check="catalogueIndex"} 1');
  });

  it('counts job runs and failures', async () => {
    t.app.observeJob('example:job', 120, 'done');
    t.app.observeJob('example:job', 80, 'failed');
    const text = (
      await t.request({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).body;
    expect(text).toContain('pts_job_duration_seconds_count{job="example:job",outcome="done"} 1');
    expect(text).toContain('pts_job_failures_total{job="example:job"} 1');
  });

  it('reports the depth of the job queue and the mail queue', async () => {
    await t.db.insert(jobRuns).values([
      { job: 'example:waiting', period: 1 },
      { job: 'example:waiting', period: 2 },
    ]);
    const text = (
      await t.request({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      })
    ).body;
    expect(text).toContain('pts_queue_depth{queue="example:waiting"} 2');
    expect(text).toContain('pts_queue_depth{queue="mail"} 0');
  });
});

describe('[PLATFORM] metrics when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('collects nothing and answers 404 saying how to turn them on', async () => {
    const response = await t.request({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'Metrics are not enabled on this server (set METRICS_TOKEN).',
      code: 'NOT_FOUND',
    });
  });
});
