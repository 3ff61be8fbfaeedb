import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns } from '@/server/jobs/jobs.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';

let t: TestApp;
let adminCookie: string;
let producerCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signIn(t, (await createUser(t.db, { role: 'admin' })).id);
  producerCookie = await signIn(t, (await createUser(t.db, { role: 'producer' })).id);
  const finished = new Date();
  await t.db.insert(jobRuns).values([
    {
      job: 'offers:deadlines',
      period: 1,
      status: 'done',
      attempts: 1,
      durationMs: 42,
      finishedAt: finished,
      lockedBy: 'web-1',
    },
    {
      job: 'offers:deadlines',
      period: 2,
      status: 'retry',
      attempts: 2,
      error: 'provider timed out',
    },
    { job: 'mail:outbox', period: 1, status: 'dead', attempts: 5, error: 'SMTP refused' },
  ]);
  await t.db.insert(mailOutbox).values([
    { to: 'a@example.test', subject: 's', text: 't', html: 'h', status: 'sent' },
    { to: 'b@example.test', subject: 's', text: 't', html: 'h', status: 'retry' },
  ]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const jobsPage = (query: string, cookie = adminCookie) =>
  t.request({ method: 'GET', url: `/api/admin/jobs${query}`, cookie });

describe('[ADMIN] the background jobs page', () => {
  it('shows each queue by status, recent runs with their failures, and the mail outbox', async () => {
    const response = await jobsPage('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.queues).toContainEqual({
      job: 'offers:deadlines',
      queued: 0,
      running: 0,
      retrying: 1,
      done: 1,
      dead: 0,
      lastFinishedAt: expect.any(String),
    });
    expect(body.runs.map((run: { job: string; status: string }) => run.status)).toEqual([
      'dead',
      'retry',
      'done',
    ]);
    expect(body.runs[1]).toMatchObject({ attempts: 2, error: 'provider timed out' });
    expect(body.runs[2]).toMatchObject({ durationMs: 42, instance: 'web-1' });
    expect(body.mail).toEqual({ sent: 1, retry: 1 });
  });

  it('filters runs by status and job', async () => {
    const dead = (await jobsPage('?status=dead')).json();
    expect(dead.runs).toHaveLength(1);
    expect(dead.runs[0]).toMatchObject({ job: 'mail:outbox', error: 'SMTP refused' });
    const one = (await jobsPage('?job=offers:deadlines&status=done')).json();
    expect(one.runs.map((run: { id: number }) => run.id)).toHaveLength(1);
  });

  it('answers a bad filter with 400 in our words, and anyone but an admin with 403', async () => {
    const bad = await jobsPage('?status=exploded');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(
      'status must be one of queued, running, retry, done, dead',
    );
    const odd = await jobsPage('?job=DROP%20TABLE');
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toContain('job must be a job name');
    expect((await jobsPage('', producerCookie)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
  });
});
