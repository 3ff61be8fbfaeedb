import { and, desc, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import type { UserRow } from '@/domains/accounts/server';
import type { Executor } from '@/server/db/client';
import { conflict, forbidden, notFound } from '@/shared/errors';
import { MANDATE_MESSAGES, type Mandate } from '../mandates.schema';
import { mandates, type MandateRow } from './mandates.tables';
import { presentMandates } from './present-mandates';

/** Open: not closed by the producer and not past its date. */
export const openMandate = (today = new Date().toISOString().slice(0, 10)): SQL =>
  and(eq(mandates.status, 'open'), gte(mandates.openUntil, today)) as SQL;

/**
 * GET /api/mandates: open mandates, newest first, searchable by words (description and genres,
 * English stemming) and by medium. The search never reads who posted an anonymous mandate.
 */
export async function findMandates(
  db: Executor,
  viewer: UserRow,
  query: { search?: string; medium?: string },
): Promise<Mandate[]> {
  const conditions: SQL[] = [openMandate()];
  const words = query.search?.trim();
  if (words) {
    conditions.push(
      or(
        sql`to_tsvector('english', ${mandates.description} || ' ' || array_to_string(${mandates.genres}, ' ')) @@ plainto_tsquery('english', ${words})`,
        sql`exists (select 1 from unnest(${mandates.genres}) g where lower(g) = lower(${words}))`,
      ) as SQL,
    );
  }
  if (query.medium) conditions.push(sql`${query.medium} = any(${mandates.media})`);
  const rows = await db
    .select()
    .from(mandates)
    .where(and(...conditions))
    .orderBy(desc(mandates.createdAt), desc(mandates.id))
    .limit(100);
  return presentMandates(db, rows, viewer);
}

/** GET /api/mandates/mine: the producer's own mandates, open and closed. */
export async function findMyMandates(db: Executor, producer: UserRow): Promise<Mandate[]> {
  const rows = await db
    .select()
    .from(mandates)
    .where(eq(mandates.producerId, producer.id))
    .orderBy(desc(mandates.createdAt), desc(mandates.id));
  return presentMandates(db, rows, producer);
}

export async function requireMandate(db: Executor, id: number): Promise<MandateRow> {
  const [row] = await db.select().from(mandates).where(eq(mandates.id, id));
  if (!row) throw notFound(MANDATE_MESSAGES.notFound);
  return row;
}

export async function requireOwnMandate(
  db: Executor,
  user: UserRow,
  id: number,
): Promise<MandateRow> {
  const row = await requireMandate(db, id);
  if (row.producerId !== user.id) throw forbidden(MANDATE_MESSAGES.notYours);
  return row;
}

/** GET /api/mandates/{id}: a mandate's page; a closed one stays readable (status says so). */
export async function getMandate(db: Executor, viewer: UserRow, id: number): Promise<Mandate> {
  const [mandate] = await presentMandates(db, [await requireMandate(db, id)], viewer);
  return mandate;
}

/** POST /api/mandates/{id}/close: its producer closes it; it leaves search and matching. */
export async function closeMandate(db: Executor, user: UserRow, id: number): Promise<Mandate> {
  const row = await requireOwnMandate(db, user, id);
  if (row.status === 'closed') throw conflict(MANDATE_MESSAGES.alreadyClosed);
  const [closed] = await db
    .update(mandates)
    .set({ status: 'closed', closedAt: new Date() })
    .where(eq(mandates.id, id))
    .returning();
  const [mandate] = await presentMandates(db, [closed], user);
  return mandate;
}
