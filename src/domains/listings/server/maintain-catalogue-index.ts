import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Executor } from '@/server/db/client';
import { listenToChannel, type ChannelSubscription } from '@/server/db/listen';
import { CatalogueIndex, type IndexedListing } from './catalogue-index';
import { invalidateCatalogueCaches, onCatalogueChange } from './catalogue-cache';
import { intArray } from '@/server/db/int-array';

/**
 * Rows read per query while the index is built: on the embedded database (which runs queries
 * on the server's own thread) small enough that one read holds it for a few milliseconds; a
 * server reads in another process, so there fewer, larger reads.
 */
const EMBEDDED_BUILD_CHUNK = 500;
const SERVER_BUILD_CHUNK = 2_000;
/** Rows reloaded per query after changes. */
const RELOAD_CHUNK = 500;
/**
 * Rows reloaded per query after changes background work made: a search that arrives meanwhile
 * waits for at most one such read, so it is kept short.
 */
const BACKGROUND_RELOAD_CHUNK = 50;

/** Announced by the listings' triggers (migration 0013): changed ids, or '*' for all. */
export const LISTINGS_CHANGED_CHANNEL = 'listings_changed';

/** A notification's changed ids; null means "anything may have changed". */
export function parseChangedIds(payload: string): number[] | null {
  if (payload === '*') return null;
  const ids = payload.split(',').map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : null;
}

interface IndexRow extends Record<string, unknown> {
  id: number;
  created_key: number;
  medium: string | null;
  genre: string | null;
  tags: string[] | null;
  rights_available: string[] | null;
  territory: string[] | null;
  exclusivity: string | null;
  rights_taken: string[] | null;
  suggested_offer_max_pence: number | null;
  viability_score: number | null;
  is_featured: boolean;
  status: string;
  lexemes: string[] | null;
}

const INDEX_COLUMNS = sql`id,
  (extract(epoch from created_at) * 1000000)::float8 as created_key,
  medium, genre, tags, rights_available, territory, exclusivity, rights_taken,
  suggested_offer_max_pence, viability_score, is_featured, status,
  tsvector_to_array(search_vector) as lexemes`;

function toIndexed(row: IndexRow): IndexedListing {
  return {
    id: Number(row.id),
    createdKey: Number(row.created_key),
    medium: row.medium,
    genre: row.genre,
    tags: row.tags,
    rights: row.rights_available,
    territories: row.territory,
    exclusivity: row.exclusivity,
    rightsTaken: row.rights_taken,
    priceMaxPence:
      row.suggested_offer_max_pence === null ? null : Number(row.suggested_offer_max_pence),
    viability: row.viability_score === null ? null : Number(row.viability_score),
    featured: row.is_featured,
    status: row.status,
    lexemes: row.lexemes ?? [],
  };
}

const liveKeepers = new Set<CatalogueIndexKeeper>();
/** The started keeper of each database handle (one app instance's), for other use cases. */
const keepersByDatabase = new WeakMap<Executor, CatalogueIndexKeeper>();

/** This instance's catalogue index keeper for the database, if one has started. */
export function catalogueIndexKeeperOf(db: Executor): CatalogueIndexKeeper | undefined {
  return keepersByDatabase.get(db);
}

/** Resolves when every index being built in this process is built (benchmarks, tests). */
export async function whenCatalogueIndexesBuilt(): Promise<void> {
  await Promise.all([...liveKeepers].map((keeper) => keeper.whenBuilt()));
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Keeps one instance's catalogue index (decision 018): built in the background after start,
 * in chunks, while searches are answered by SQL; then every listing change this process
 * makes (`invalidateCatalogueCaches(ids)`, called after each commit) is applied before the
 * next search reads the index, so a change shows at once. A change without ids (tests and
 * bulk tools clearing everything) rebuilds it, again with SQL answering meanwhile.
 *
 * On the embedded database the data directory belongs to this process: every write is made
 * here and so is seen here. On a PostgreSQL server (`feed`: its pool) other instances write
 * too: the listings' triggers announce every change on LISTINGS_CHANGED_CHANNEL, which each
 * instance LISTENs to; a change announced drops this instance's cached answers and is
 * reloaded like its own. While the feed is not listening (not yet connected, or lost),
 * changes could be missed: SQL answers, and the index is rebuilt once it listens again.
 */
export class CatalogueIndexKeeper {
  private index: CatalogueIndex | null = null;
  private building: Promise<void> | null = null;
  private readonly pending = new Set<number>();
  private reloading: Promise<void> | null = null;
  private rebuildWanted = false;
  private closed = false;
  private readonly unsubscribe: () => void;
  private subscription: ChannelSubscription | null = null;
  /** Without a feed (embedded database) nothing can be missed. */
  private isFeedListening: boolean;
  private readonly buildChunk: number;

  constructor(
    private readonly db: Executor,
    private readonly feed: pg.Pool | null = null,
  ) {
    this.isFeedListening = feed === null;
    this.buildChunk = feed ? SERVER_BUILD_CHUNK : EMBEDDED_BUILD_CHUNK;
    this.unsubscribe = onCatalogueChange((ids, background) => {
      if (ids && background && this.index && !this.building) return this.reloadInBackground(ids);
      if (ids) for (const id of ids) this.pending.add(id);
      else this.rebuildWanted = true;
    });
  }

  /**
   * Starts the first build (it runs in the background); with a feed, once the feed listens
   * (or has failed to), so that no change made during the build goes unannounced.
   */
  start(): void {
    liveKeepers.add(this);
    keepersByDatabase.set(this.db, this);
    if (!this.feed) {
      this.startBuild();
      return;
    }
    let hasListened = false;
    this.subscription = listenToChannel(this.feed, LISTINGS_CHANGED_CHANNEL, {
      onNotification: (payload) => invalidateCatalogueCaches(parseChangedIds(payload) ?? undefined),
      onGap: () => {
        this.isFeedListening = false;
      },
      onListening: () => {
        // A reconnect may have missed changes: rebuild (the first build is started below).
        if (hasListened) this.rebuildWanted = true;
        hasListened = true;
        this.isFeedListening = true;
      },
    });
    // The build is tracked at once, so whenBuilt() waits for it.
    this.building = this.subscription.firstAttempt.then(() => undefined);
    void this.building.finally(() => {
      this.building = null;
      this.startBuild();
    });
  }

  /** Whether the index is built and answering (readiness: until then SQL answers). */
  isBuilt(): boolean {
    return this.index !== null && !this.closed;
  }

  /** Resolves when a build in progress has finished (tests, benchmarks). */
  async whenBuilt(): Promise<void> {
    while (this.building) await this.building;
  }

  close(): void {
    this.closed = true;
    liveKeepers.delete(this);
    if (keepersByDatabase.get(this.db) === this) keepersByDatabase.delete(this.db);
    this.unsubscribe();
    void this.subscription?.close();
  }

  /**
   * The index, caught up with every change this process has made, or null while it is being
   * (re)built: the caller answers with SQL then.
   */
  async current(): Promise<CatalogueIndex | null> {
    if (this.rebuildWanted && this.isFeedListening) this.startBuild();
    if (this.building || !this.index || !this.isFeedListening) return null;
    // Every search waits for the changes noted before it, even those another search is
    // already reloading.
    try {
      // A read in flight may hold changes noted before this search (or a background chunk:
      // one, never the whole queue behind it).
      if (this.reloading) await this.reloading;
      while (this.pending.size > 0) {
        const index = this.index;
        this.reloading ??= this.reload(index).finally(() => {
          this.reloading = null;
        });
        await this.reloading;
      }
    } catch {
      // Some changes could not be read: the index may be behind, so it is rebuilt, and SQL
      // answers this search and those until the rebuild is done.
      this.rebuildWanted = true;
      return null;
    }
    return this.building || this.rebuildWanted ? null : this.index;
  }

  private startBuild(): void {
    if (this.building || this.closed) return;
    this.rebuildWanted = false;
    this.pending.clear();
    this.building = this.build()
      .then((index) => {
        if (index) this.index = index;
      })
      .catch(() => {
        // The index is only a faster way to the same answers: without it, SQL answers.
        this.index = null;
      })
      .finally(() => {
        this.building = null;
      });
  }

  private async build(): Promise<CatalogueIndex | null> {
    const index = new CatalogueIndex();
    let lastId = 0;
    for (;;) {
      if (this.closed) return null;
      const { rows } = await this.db.execute<IndexRow>(sql`
        select ${INDEX_COLUMNS} from listings
        where id > ${lastId} order by id limit ${this.buildChunk}`);
      for (const row of rows) index.upsert(toIndexed(row));
      if (rows.length < this.buildChunk) break;
      lastId = Number(rows[rows.length - 1].id);
      await yieldToRequests();
    }
    // Changes made while the build read its chunks are applied before it is used.
    await this.reload(index);
    // The first search would otherwise pay for compiling the matching code and sorting the
    // lexicon; a server warms itself before it answers from the index.
    index.match({ words: ['a'], rights: [], territories: [] });
    return index;
  }

  /** Reloads the listings changed since the index last looked (a deleted one is removed). */
  private async reload(index: CatalogueIndex): Promise<void> {
    while (this.pending.size > 0) {
      const ids = [...this.pending].slice(0, RELOAD_CHUNK);
      for (const id of ids) this.pending.delete(id);
      await this.reloadIds(index, ids);
    }
  }

  private async reloadIds(index: CatalogueIndex, ids: readonly number[]): Promise<void> {
    const { rows } = await this.db.execute<IndexRow>(sql`
      select ${INDEX_COLUMNS} from listings
      where id = any(${intArray(ids)})`);
    const found = new Set<number>();
    for (const row of rows) {
      index.upsert(toIndexed(row));
      found.add(Number(row.id));
    }
    for (const id of ids) if (!found.has(id)) index.remove(id);
  }

  /**
   * Changes background work made (`invalidateCatalogueCaches`): reloaded in short reads that
   * searches do not wait for, one at a time in the same line as the searches' own reloads
   * (so a read never overtakes a newer one). Until they are in, searches answer from the
   * index as it was, a few seconds behind the job: nobody is waiting to see their own edit.
   */
  private async reloadInBackground(ids: readonly number[]): Promise<void> {
    for (let start = 0; start < ids.length && !this.closed; start += BACKGROUND_RELOAD_CHUNK) {
      while (this.reloading) await this.reloading.catch(() => undefined);
      const index = this.index;
      if (!index || this.building) return;
      const chunk = ids.slice(start, start + BACKGROUND_RELOAD_CHUNK);
      this.reloading = this.reloadIds(index, chunk).finally(() => {
        this.reloading = null;
      });
      try {
        await this.reloading;
      } catch {
        // The same as a search's failed reload: the index may be behind, so it is rebuilt.
        this.rebuildWanted = true;
        return;
      }
    }
  }
}
