import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { AnalysisRun, AnalysisStatus } from '../../analysis.schema';
import { analysisKeys } from './analysis-keys';

/** GET /api/admin/commercial-analysis/status. */
export function getAnalysisStatus(): Promise<AnalysisStatus> {
  return apiRequest<AnalysisStatus>('/api/admin/commercial-analysis/status');
}

/** Polled every 2 s while a run is queued or running, so the progress bar moves. */
export const analysisStatusQueryOptions = () =>
  queryOptions({
    queryKey: analysisKeys.status(),
    queryFn: getAnalysisStatus,
    refetchInterval: (query) => {
      const status = query.state.data?.run?.status;
      return status === 'queued' || status === 'running' ? 2_000 : false;
    },
  });

export function useAnalysisStatus() {
  return useQuery(analysisStatusQueryOptions());
}

/** POST /api/admin/commercial-analysis/recompute. */
export function useRecomputeAnalyses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<AnalysisRun>('/api/admin/commercial-analysis/recompute', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: analysisKeys.all }),
  });
}
