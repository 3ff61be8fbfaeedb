import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { AdminJobs, JobRunStatus } from '../../admin-jobs.schema';

export const adminJobsKeys = {
  byStatus: (status: JobRunStatus | 'all') => ['admin', 'jobs', status] as const,
};

/** GET /api/admin/jobs[?status=]: the job queues, recent runs and the mail outbox. */
export const getAdminJobs = (status: JobRunStatus | 'all') =>
  apiRequest<AdminJobs>(`/api/admin/jobs${status === 'all' ? '' : `?status=${status}`}`);

export function useAdminJobs(status: JobRunStatus | 'all', isEnabled = true) {
  return useQuery({
    queryKey: adminJobsKeys.byStatus(status),
    queryFn: () => getAdminJobs(status),
    // The page watches work as it happens.
    refetchInterval: 10_000,
    enabled: isEnabled,
  });
}
