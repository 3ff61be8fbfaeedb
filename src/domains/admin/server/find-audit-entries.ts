import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { users } from '@/domains/accounts/server/accounts.tables';
import type { AuditLogQuery, AuditLogResponse } from '../admin.schema';
import { adminAuditLog } from './admin.tables';

/** GET /api/admin/audit-log: who did what to whom, newest first, with the actor's name. */
export async function findAuditEntries(
  db: Executor,
  query: AuditLogQuery,
): Promise<AuditLogResponse> {
  const conditions: SQL[] = [];
  if (query.targetType) conditions.push(eq(adminAuditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(adminAuditLog.targetId, query.targetId));
  if (query.action) conditions.push(eq(adminAuditLog.action, query.action));
  if (query.actorId) conditions.push(eq(adminAuditLog.actorId, query.actorId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        entry: adminAuditLog,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
      })
      .from(adminAuditLog)
      .leftJoin(users, eq(users.id, adminAuditLog.actorId))
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(adminAuditLog)
      .where(where),
  ]);
  return {
    entries: rows.map(({ entry, actorFirstName, actorLastName }) => ({
      id: entry.id,
      action: entry.action,
      actorId: entry.actorId,
      actorName: actorFirstName === null ? null : `${actorFirstName} ${actorLastName ?? ''}`.trim(),
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetLabel: entry.targetLabel,
      before: entry.before ?? null,
      after: entry.after ?? null,
      notes: entry.notes,
      createdAt: entry.createdAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
