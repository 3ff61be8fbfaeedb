import { eq } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server';
import type { Executor } from '@/server/db/client';
import type { MyVerification } from '../vetting.schema';
import { toApplication } from './to-application';
import { producerApplications } from './vetting.tables';

/** GET /api/vetting/application: the signed-in user's application, if any, and the outcome. */
export async function findMyVerification(db: Executor, user: UserRow): Promise<MyVerification> {
  const [row] = await db
    .select()
    .from(producerApplications)
    .where(eq(producerApplications.userId, user.id));
  return {
    verified: row?.status === 'approved',
    application: row ? toApplication(row) : null,
  };
}
