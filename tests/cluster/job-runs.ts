import type { Cluster } from './harness';

/** One run of a scheduled job, as the job history records it. */
export interface JobRun {
  name: string;
  /** The period the run was scheduled for (its slot): two runs of one slot is a double run. */
  scheduledFor: Date;
  startedAt: Date;
}

/**
 * The scheduled job runs the cluster recorded, read from the database.
 *
 * Today's runner (src/server/jobs/job-runner.ts: a timer per instance) keeps no history, so
 * there is nothing to read: this throws until the job queue of issue 32 lands with its history
 * table. TODO(issue 32, after merging the queue): point the query below at the queue's history
 * table and columns, then enable the test that uses this ('each scheduled job runs once per
 * period across the three').
 */
export async function readJobRuns(cluster: Cluster, since: Date): Promise<JobRun[]> {
  const [table] = await cluster.query<{ name: string | null }>(
    `select to_regclass('public.job_runs')::text as name`,
  );
  if (!table?.name) {
    throw new Error('No job history to read: the job runner keeps none yet (issue 32)');
  }
  const rows = await cluster.query<{ name: string; scheduled_for: Date; started_at: Date }>(
    `select name, scheduled_for, started_at from job_runs where started_at >= $1 order by started_at`,
    [since],
  );
  return rows.map((row) => ({
    name: row.name,
    scheduledFor: row.scheduled_for,
    startedAt: row.started_at,
  }));
}
