import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { users } from '@/domains/accounts/server/accounts.tables';
import type { AdminUserSort, ListUsersQuery, ListUsersResponse } from '../admin.schema';
import { toAdminUser } from './to-admin-user';

/** `%` and `_` are wildcards in LIKE: a search for "50%" means the characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORT_COLUMNS: Record<AdminUserSort, SQL[]> = {
  name: [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`],
  email: [sql`lower(${users.email})`],
  role: [sql`${users.role}`],
  tier: [sql`${users.membershipTier}`],
  createdAt: [sql`${users.createdAt}`],
  lastLoginAt: [sql`${users.lastLoginAt}`],
};

/**
 * GET /api/admin/users: everyone with an account, a page at a time, searched by name, email
 * or company (any case), filtered by role and status, sorted. Deleted (anonymised) accounts
 * are not people any more and are left out (decision 007).
 */
export async function findAdminUsers(
  db: Executor,
  query: ListUsersQuery,
): Promise<ListUsersResponse> {
  const conditions: SQL[] = [isNull(users.deletedAt)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.companyName, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )!,
    );
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status === 'suspended') conditions.push(isNotNull(users.suspendedAt));
  if (query.status === 'active') conditions.push(isNull(users.suspendedAt));
  const where = and(...conditions);

  const direction = query.order === 'asc' ? asc : desc;
  const order = SORT_COLUMNS[query.sort].map((column) =>
    query.sort === 'lastLoginAt'
      ? sql`${column} ${sql.raw(query.order === 'asc' ? 'asc' : 'desc')} nulls last`
      : direction(column),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order, direction(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
  ]);
  return {
    users: rows.map(toAdminUser),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
