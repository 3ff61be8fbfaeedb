import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';

/** Empties every table of the public schema and restarts their ids (`npm run seed -- --reset`). */
export async function truncateAllTables(db: Database): Promise<string[]> {
  const result = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = result.rows.map((row) => row.tablename);
  if (tables.length > 0) {
    const list = tables.map((name) => `"${name.replaceAll('"', '""')}"`).join(', ');
    await db.execute(sql.raw(`truncate ${list} restart identity cascade`));
  }
  return tables;
}
