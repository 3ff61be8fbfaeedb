import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import type { AuditLogQueryInput, AuditLogResponse } from '../../admin.schema';
import { adminKeys, toSearch } from './admin-keys';

/** GET /api/admin/audit-log: admin actions, newest first. */
export function getAuditLog(query: AuditLogQueryInput): Promise<AuditLogResponse> {
  return apiRequest<AuditLogResponse>(`/api/admin/audit-log${toSearch({ ...query })}`);
}

export const auditLogQuery = (query: AuditLogQueryInput) =>
  queryOptions({
    queryKey: adminKeys.auditLog(query),
    queryFn: () => getAuditLog(query),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(query: AuditLogQueryInput, options: { enabled?: boolean } = {}) {
  return useQuery({ ...auditLogQuery(query), enabled: options.enabled ?? true });
}
