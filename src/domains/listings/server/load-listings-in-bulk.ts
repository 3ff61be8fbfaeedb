import type { PGlite } from '@electric-sql/pglite';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { listings, type NewListingRow } from './listings.tables';

/** A complete listing row with the id reserved for it (see `reserveIds`). */
export type BulkListing = Required<Omit<NewListingRow, 'id' | 'searchVector'>> & { id: number };

/**
 * Writes many listings fast inside the caller's transaction: the demo seed's way into the
 * listings table (only this room writes it). Ids are reserved up front so rows can be
 * generated with their final ids and streamed in batches.
 */
export interface ListingBulkLoader {
  /** Takes `count` consecutive listing ids from the identity sequence; returns the first. */
  reserveIds(count: number): Promise<number>;
  /** Writes one batch of rows, each with an id from `reserveIds`. */
  write(rows: Iterable<BulkListing>): Promise<void>;
  /** Planner statistics for the new rows: the embedded engine has no autovacuum. */
  analyze(): Promise<void>;
}

const LISTING_COLUMNS = Object.entries(getTableColumns(listings))
  .filter(([key]) => key !== 'searchVector')
  .map(([key, column]) => ({ key: key as keyof BulkListing, name: column.name }));

const COLUMN_LIST = sql.raw(LISTING_COLUMNS.map(({ name }) => `"${name}"`).join(', '));

/**
 * PostgreSQL: one multi-row INSERT per batch whose rows travel as a single JSON parameter,
 * expanded by json_populate_recordset (no bind parameter per value, no per-row round trip).
 */
function jsonListingWriter(executor: Executor): ListingBulkLoader['write'] {
  return async (rows) => {
    // Each row is serialised as soon as it is generated, so row objects die young.
    const records: string[] = [];
    for (const row of rows) {
      const record: Record<string, unknown> = {};
      for (const { key, name } of LISTING_COLUMNS) record[name] = row[key];
      records.push(JSON.stringify(record));
    }
    await executor.execute(sql`
      insert into listings (${COLUMN_LIST}) overriding system value
      select ${COLUMN_LIST}
      from json_populate_recordset(null::listings, ${`[${records.join(',')}]`}::json)
    `);
  };
}

/** Text as a double-quoted field: CSV doubles quotes, array literals backslash-escape. */
function quoteCsv(text: string): string {
  return text.includes('"') ? `"${text.replaceAll('"', '""')}"` : `"${text}"`;
}

function arrayElement(text: string): string {
  return /["\\]/.test(text) ? `"${text.replace(/["\\]/g, (ch) => `\\${ch}`)}"` : `"${text}"`;
}

/**
 * A value as a CSV field for COPY. An unquoted empty field is NULL; text is always quoted;
 * numbers, booleans and timestamps need no quoting.
 */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (typeof value) {
    case 'string':
      return quoteCsv(value);
    case 'number':
    case 'boolean':
      return String(value);
    default:
      if (value instanceof Date) return value.toISOString();
      if (Array.isArray(value)) {
        return quoteCsv(`{${value.map((item) => arrayElement(String(item))).join(',')}}`);
      }
      return quoteCsv(JSON.stringify(value));
  }
}

function csvLine(row: BulkListing): string {
  let line = '';
  for (let i = 0; i < LISTING_COLUMNS.length; i += 1) {
    if (i > 0) line += ',';
    line += csvField(row[LISTING_COLUMNS[i].key]);
  }
  return line;
}

/**
 * PGlite: COPY ... FROM '/dev/blob' with the batch as CSV, about a third faster than the JSON
 * insert on the embedded engine (less text to move into WebAssembly and to parse).
 */
function copyListingWriter(client: PGlite): ListingBulkLoader['write'] {
  const statement = `copy listings (${LISTING_COLUMNS.map(({ name }) => `"${name}"`).join(', ')}) from '/dev/blob' with (format csv)`;
  return async (rows) => {
    const lines: string[] = [];
    for (const row of rows) lines.push(`${csvLine(row)}\n`);
    await client.query(statement, [], { blob: new Blob(lines) });
  };
}

/**
 * A bulk loader working in `executor`'s transaction. On PGlite pass its client too: COPY goes
 * to the client directly, inside the transaction its single session has open.
 */
export function createListingBulkLoader(
  executor: Executor,
  embedded: PGlite | null,
): ListingBulkLoader {
  return {
    async reserveIds(count) {
      // EXCLUSIVE blocks other inserts into listings until commit, so the block stays ours.
      await executor.execute(sql`lock table listings in exclusive mode`);
      const sequence = sql`pg_get_serial_sequence('listings', 'id')`;
      const first = await executor.execute<{ first: string | number }>(
        sql`select nextval(${sequence}) as first`,
      );
      const firstId = Number(first.rows[0].first);
      if (count > 1) {
        await executor.execute(sql`select setval(${sequence}, ${firstId + count - 1})`);
      }
      return firstId;
    },
    write: embedded ? copyListingWriter(embedded) : jsonListingWriter(executor),
    async analyze() {
      await executor.execute(sql`analyze listings`);
    },
  };
}
