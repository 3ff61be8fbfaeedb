import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db/client';
import { users } from '@/domains/accounts/server/accounts.tables';
import { listings } from '@/domains/listings/server/listings.tables';
import { hashPassword, insertUsers } from '@/domains/accounts/server';
import { createListingBulkLoader, type ListingBulkLoader } from '@/domains/listings/server';
import { grantLegacyRights } from '@/domains/rights/server';
import { buildAgentUsers, buildDemoUsers, DEMO_EMAILS, DEMO_PASSWORD } from './demo-accounts';
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

/** Rows per batch written by the listings room's bulk loader. */
const LISTING_BATCH_SIZE = 1_000;
/** pg_advisory_xact_lock key: two instances starting at once seed the database only once. */
const SEED_LOCK_KEY = 7_260_451;

/**
 * Whether this database holds the generated demo catalogue (its demo accounts exist): the app
 * then says so, so nobody takes the generated totals for real ones.
 */
export async function hasDemoCatalogue(executor: Executor): Promise<boolean> {
  const [demoUser] = await executor
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_EMAILS.producer))
    .limit(1);
  return demoUser !== undefined;
}

async function isEmpty(executor: Executor): Promise<boolean> {
  const [user] = await executor.select({ id: users.id }).from(users).limit(1);
  if (user) return false;
  const [listing] = await executor.select({ id: listings.id }).from(listings).limit(1);
  return !listing;
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
  work: (executor: Executor, listingLoader: ListingBulkLoader) => Promise<T>,
): Promise<T> {
  const pglite = embeddedClient(db);
  if (!pglite) return db.transaction((tx) => work(tx, createListingBulkLoader(tx, null)));
  await db.execute(sql`begin`);
  try {
    const result = await work(db, createListingBulkLoader(db, pglite));
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

  return inSeedTransaction(db, async (tx, listingLoader) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (!(await isEmpty(tx))) return null;

    const demoUsers = await insertUsers(tx, buildDemoUsers(demoHash, new Date()));
    const agentUsers = await insertUsers(tx, buildAgentUsers(unusableHash));

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
      const firstId = await listingLoader.reserveIds(count);
      for (let start = 0; start < count; start += LISTING_BATCH_SIZE) {
        await listingLoader.write(
          generateListings(start, Math.min(count, start + LISTING_BATCH_SIZE), firstId, context),
        );
      }
    }
    // Their optioned and sold titles were optioned off the platform: the rights room records
    // each one's whole grid as a legacy grant, in bulk (issue 29).
    await grantLegacyRights(tx);
    // The embedded engine has no autovacuum: give the planner statistics for the new rows.
    await listingLoader.analyze();
    await tx.execute(sql`analyze users`);
    return { listings: count, agents: agentUsers.length + 1 };
  });
}
