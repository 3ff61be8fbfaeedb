import type { Cluster } from './harness';

/** One run of a scheduled job, as the job queue's history (`job_runs`, decision 021) keeps it. */
export interface JobRun {
  job: string;
  /** The period the run stands for: one row per (job, period) for the whole cluster. */
  period: number;
  status: string;
  /** How many times an instance started it: more than 1 for a done run is a double run. */
  attempts: number;
  /** The instance that ran it (`host:pid:random`). */
  lockedBy: string | null;
}

/** The scheduled runs (period ≥ 0; on-demand and start-up runs are not scheduled) made since `since`. */
export async function readJobRuns(cluster: Cluster, since: Date): Promise<JobRun[]> {
  const rows = await cluster.query<{
    job: string;
    period: string;
    status: string;
    attempts: number;
    locked_by: string | null;
  }>(
    `select job, period::text, status, attempts, locked_by from job_runs
      where period >= 0 and created_at >= $1 order by job, period`,
    [since],
  );
  return rows.map((row) => ({
    job: row.job,
    period: Number(row.period),
    status: row.status,
    attempts: row.attempts,
    lockedBy: row.locked_by,
  }));
}
