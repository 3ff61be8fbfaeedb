import { Navigate, useSearchParams } from 'react-router';
import { useCurrentUser } from '@/domains/accounts/web';
import { LoadError } from '@/web/components/ui/load-error';
import { PageHeader } from '@/web/components/ui/page-header';
import { Skeleton } from '@/web/components/ui/skeleton';
import { usePageTitle } from '@/web/lib/use-page-title';
import { paths } from '@/shared/paths';
import { JOB_RUN_STATUSES, type AdminJobs, type JobRunStatus } from '../../admin-jobs.schema';
import { useAdminJobs } from '../api/get-admin-jobs';

const timeFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/London',
});
const when = (value: string | null) => (value ? timeFormat.format(new Date(value)) : '—');
const STATUS_LABELS: Record<JobRunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  retry: 'Waiting to retry',
  done: 'Done',
  dead: 'Dead',
};
const cell = 'px-3 py-2 text-left align-top';

function Queues({ data }: { data: AdminJobs }) {
  return (
    <section aria-labelledby="queues-heading" className="rounded-lg border border-line bg-surface">
      <h2 id="queues-heading" className="px-4 pt-4 text-lg font-semibold text-ink">
        Queues
      </h2>
      <div className="overflow-x-auto p-4">
        <table className="w-full text-sm">
          <thead className="text-ink-soft">
            <tr>
              <th className={cell}>Job</th>
              <th className={cell}>Queued</th>
              <th className={cell}>Running</th>
              <th className={cell}>Waiting to retry</th>
              <th className={cell}>Done</th>
              <th className={cell}>Dead</th>
              <th className={cell}>Last finished</th>
            </tr>
          </thead>
          <tbody>
            {data.queues.map((queue) => (
              <tr key={queue.job} className="border-t border-line">
                <td className={`${cell} font-medium`}>{queue.job}</td>
                <td className={cell}>{queue.queued}</td>
                <td className={cell}>{queue.running}</td>
                <td className={cell}>{queue.retrying}</td>
                <td className={cell}>{queue.done}</td>
                <td className={cell}>{queue.dead}</td>
                <td className={cell}>{when(queue.lastFinishedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.queues.length === 0 && <p className="text-sm text-ink-soft">No job has run yet.</p>}
      </div>
      <p className="px-4 pb-4 text-sm text-ink-soft">
        Mail outbox:{' '}
        {Object.entries(data.mail)
          .map(([status, count]) => `${count} ${status}`)
          .join(', ') || 'empty'}
      </p>
    </section>
  );
}

function Runs({ data }: { data: AdminJobs }) {
  return (
    <section aria-labelledby="runs-heading" className="rounded-lg border border-line bg-surface">
      <h2 id="runs-heading" className="px-4 pt-4 text-lg font-semibold text-ink">
        Recent runs
      </h2>
      <div className="overflow-x-auto p-4">
        <table className="w-full text-sm">
          <thead className="text-ink-soft">
            <tr>
              <th className={cell}>Job</th>
              <th className={cell}>Status</th>
              <th className={cell}>Attempts</th>
              <th className={cell}>Started</th>
              <th className={cell}>Took</th>
              <th className={cell}>Instance</th>
              <th className={cell}>Error</th>
            </tr>
          </thead>
          <tbody>
            {data.runs.map((run) => (
              <tr key={run.id} className="border-t border-line">
                <td className={`${cell} font-medium`}>{run.job}</td>
                <td className={cell}>
                  {STATUS_LABELS[run.status]}
                  {run.status === 'retry' && ` (at ${when(run.runAfter)})`}
                </td>
                <td className={cell}>
                  {run.attempts} of {run.maxAttempts}
                </td>
                <td className={cell}>{when(run.startedAt)}</td>
                <td className={cell}>{run.durationMs === null ? '—' : `${run.durationMs} ms`}</td>
                <td className={`${cell} break-all`}>{run.instance ?? '—'}</td>
                <td className={`${cell} break-words text-red-800`}>{run.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.runs.length === 0 && <p className="text-sm text-ink-soft">No runs to show.</p>}
      </div>
    </section>
  );
}

/** The admin's view of background work: queues, recent runs, retries and dead jobs. */
export default function AdminJobsPage() {
  usePageTitle('Background jobs');
  const { user, isLoading } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = (JOB_RUN_STATUSES as readonly string[]).includes(asked ?? '')
    ? (asked as JobRunStatus)
    : 'all';
  const jobs = useAdminJobs(status, user?.role === 'admin');
  if (isLoading) return <Skeleton className="m-8 h-64" />;
  if (user?.role !== 'admin') return <Navigate to={paths.home} replace />;
  return (
    <div className="mx-auto max-w-6xl space-y-5 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title="Background jobs"
        description="Scheduled work and mail, run once per period across every instance: what is queued, what failed and is waiting to retry, and what gave up."
        actions={
          <label className="flex items-center gap-2 text-sm text-ink-soft">
            Show runs
            <select
              value={status}
              onChange={(event) => {
                const next = new URLSearchParams(params);
                if (event.target.value === 'all') next.delete('status');
                else next.set('status', event.target.value);
                setParams(next, { replace: true });
              }}
              className="h-9 rounded-md border border-line bg-surface px-2 text-sm text-ink"
            >
              <option value="all">All</option>
              {JOB_RUN_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
        }
      />
      {jobs.isError ? (
        <LoadError
          title="The background jobs could not be loaded."
          onRetry={() => void jobs.refetch()}
        />
      ) : !jobs.data ? (
        <Skeleton className="h-64" />
      ) : (
        <>
          <Queues data={jobs.data} />
          <Runs data={jobs.data} />
        </>
      )}
    </div>
  );
}
