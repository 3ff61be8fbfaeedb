import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { producerApplications } from './vetting.tables';

/** Which of these users are verified producers (for badges on offers, comments, posts). */
export async function findVerifiedProducers(db: Executor, userIds: number[]): Promise<Set<number>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ userId: producerApplications.userId })
    .from(producerApplications)
    .where(
      and(inArray(producerApplications.userId, ids), eq(producerApplications.status, 'approved')),
    );
  return new Set(rows.map((row) => row.userId));
}

export async function isVerifiedProducer(db: Executor, userId: number): Promise<boolean> {
  return (await findVerifiedProducers(db, [userId])).has(userId);
}
