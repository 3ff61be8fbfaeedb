import type { AuditLogQueryInput, ListUsersQueryInput } from '../../admin.schema';

/** Query keys of the admin users console; its mutations invalidate `users` (and the log). */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (query: ListUsersQueryInput) => [...adminKeys.users(), 'list', query] as const,
  pendingAgents: () => [...adminKeys.users(), 'pending-agents'] as const,
  auditLog: (query: AuditLogQueryInput) => [...adminKeys.all, 'audit-log', query] as const,
};

/** A query string of the defined values. */
export function toSearch(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
