import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { getTableColumns, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { hashPassword } from '@/domains/accounts/server/password';
import { buildAgentUsers, buildDemoUsers, DEMO_PASSWORD } from './demo-accounts';
import {
  generateListing,
  type CatalogueContext,
  type ListingOwner,
  type SeedListing,
} from './generate-listing';

export interface SeedSummary {
  listings: number;
  agents: number;
}

/** Rows per INSERT: one JSON parameter each, so the size is bounded by memory, not by $n. */
const LISTING_BATCH_SIZE = 1_000;
/** pg_advisory_xact_lock key: two instances starting at once seed the database only once. */
const SEED_LOCK_KEY = 7_260_451;

const LISTING_COLUMNS = Object.entries(getTableColumns(listings))
  .filter(([key]) => key !== 'searchVector')
  .map(([key, column]) => ({ key: key as keyof SeedListing, name: column.name }));

const COLUMN_LIST = sql.raw(LISTING_COLUMNS.map(({ name }) => `"${name}"`).join(', '));

async function isEmpty(executor: Executor): Promise<boolean> {
  const [user] = await executor.select({ id: users.id }).from(users).limit(1);
  if (user) return false;
  const [listing] = await executor.select({ id: listings.id }).from(listings).limit(1);
  return !listing;
}

/** Takes `count` consecutive listing ids from the identity sequence; returns the first. */
async function reserveListingIds(executor: Executor, count: number): Promise<number> {
  // EXCLUSIVE blocks other inserts into listings until commit, so the block stays ours.
  await executor.execute(sql`lock table listings in exclusive mode`);
  const sequence = sql`pg_get_serial_sequence('listings', 'id')`;
  const first = await executor.execute<{ first: string | number }>(
    sql`select nextval(${sequence}) as first`,
  );
  const firstId = Number(first.rows[0].first);
  if (count > 1) await executor.execute(sql`select setval(${sequence}, ${firstId + count - 1})`);
  return firstId;
}

/** Listings [start, end) of the catalogue, generated one at a time as the writer asks. */
function* generateListings(
  start: number,
  end: number,
  firstId: number,
  context: CatalogueContext,
): Generator<SeedListing> {
  for (let index = start; index < end; index += 1) {
    yield generateListing(index, firstId + index, context);
  }
}

/** Writes one batch of generated listings inside the seed's transaction. */
type ListingWriter = (rows: Iterable<SeedListing>) => Promise<void>;

/**
 * PostgreSQL: one multi-row INSERT per batch whose rows travel as a single JSON parameter,
 * expanded by json_populate_recordset (no bind parameter per value, no per-row round trip).
 */
function jsonListingWriter(executor: Executor): ListingWriter {
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

function csvLine(row: SeedListing): string {
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
function copyListingWriter(client: PGlite): ListingWriter {
  const statement = `copy listings (${LISTING_COLUMNS.map(({ name }) => `"${name}"`).join(', ')}) from '/dev/blob' with (format csv)`;
  return async (rows) => {
    const lines: string[] = [];
    for (const row of rows) lines.push(`${csvLine(row)}\n`);
    await client.query(statement, [], { blob: new Blob(lines) });
  };
}

/** The PGlite instance behind a Drizzle database, or null on node-postgres. */
function embeddedClient(db: Database): PGlite | null {
  const client: unknown = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : null;
}

/**
 * Runs the seed in one transaction. PGlite has a single session, so BEGIN/COMMIT issued through
 * the Drizzle database wrap every statement, including the COPYs sent to the client directly.
 */
async function inSeedTransaction<T>(
  db: Database,
  work: (executor: Executor, writeListings: ListingWriter) => Promise<T>,
): Promise<T> {
  const pglite = embeddedClient(db);
  if (!pglite) return db.transaction((tx) => work(tx, jsonListingWriter(tx)));
  await db.execute(sql`begin`);
  try {
    const result = await work(db, copyListingWriter(pglite));
    await db.execute(sql`commit`);
    return result;
  } catch (error) {
    await db.execute(sql`rollback`);
    throw error;
  }
}

/**
 * Loads the demo catalogue and demo accounts when the database has no users and no listings:
 * ~40 literary agents, the four demo accounts and `listings` listings. Returns null (and
 * changes nothing) when the database already holds data.
 */
export async function seedDemoIfEmpty(
  db: Database,
  options: { listings: number },
): Promise<SeedSummary | null> {
  if (!(await isEmpty(db))) return null;
  const count = Math.max(0, Math.floor(options.listings));

  // Hashed once each and reused: argon2 is deliberately slow.
  const [demoHash, unusableHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(randomBytes(32).toString('base64url')),
  ]);

  return inSeedTransaction(db, async (tx, writeListings) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return null;

    const owner = { id: users.id, firstName: users.firstName, lastName: users.lastName };
    const demoUsers = await tx
      .insert(users)
      .values(buildDemoUsers(demoHash, new Date()))
      .returning({
        ...owner,
        role: users.role,
      });
    const agentUsers = await tx
      .insert(users)
      .values(buildAgentUsers(unusableHash))
      .returning(owner);

    const toOwner = (row: { id: number; firstName: string; lastName: string }): ListingOwner => ({
      id: row.id,
      fullName: `${row.firstName} ${row.lastName}`,
    });
    const demoAgent = demoUsers.find((user) => user.role === 'agent');
    if (!demoAgent) throw new Error('the demo accounts must include an agent');
    const context: CatalogueContext = {
      count,
      agents: agentUsers.map(toOwner),
      demoAgent: toOwner(demoAgent),
    };

    if (count > 0) {
      const firstId = await reserveListingIds(tx, count);
      for (let start = 0; start < count; start += LISTING_BATCH_SIZE) {
        await writeListings(
          generateListings(start, Math.min(count, start + LISTING_BATCH_SIZE), firstId, context),
        );
      }
    }
    // The embedded engine has no autovacuum: give the planner statistics for the new rows.
    await tx.execute(sql`analyze listings`);
    await tx.execute(sql`analyze users`);
    return { listings: count, agents: agentUsers.length + 1 };
  });
}
