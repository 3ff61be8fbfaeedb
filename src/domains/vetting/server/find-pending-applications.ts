import { asc, eq } from 'drizzle-orm';
import { users } from '@/domains/accounts/server/accounts.tables';
import type { UserRow } from '@/domains/accounts/server';
import type { Executor } from '@/server/db/client';
import { forbidden } from '@/shared/errors';
import type { PendingApplications } from '../vetting.schema';
import { toApplication } from './to-application';
import { producerApplications } from './vetting.tables';

/** GET /api/admin/producer-applications: the applications waiting, oldest first. */
export async function findPendingApplications(
  db: Executor,
  admin: UserRow,
): Promise<PendingApplications> {
  if (admin.role !== 'admin') throw forbidden('Admin access required');
  const rows = await db
    .select({
      application: producerApplications,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(producerApplications)
    .innerJoin(users, eq(users.id, producerApplications.userId))
    .where(eq(producerApplications.status, 'pending'))
    .orderBy(asc(producerApplications.submittedAt), asc(producerApplications.id))
    .limit(200);
  return {
    applications: rows.map((row) => ({
      ...toApplication(row.application),
      producerName: `${row.firstName} ${row.lastName}`.trim(),
      producerEmail: row.email,
    })),
  };
}
