import { LRUCache } from 'lru-cache';
import { PUBLIC_CACHE_SECONDS } from '../listings.constants';
import type { ListingCard, PublicStats } from '../listings.schema';

/**
 * How long catalogue counts, facets and result pools are reused
 * (docs/decisions/002-catalogue-search.md). On PostgreSQL several instances may write, so a
 * value is fresh for a minute. PGlite's data directory belongs to one process, whose every
 * listing write invalidates the cache, so there a value stays fresh for ten minutes. After
 * that, for four more minutes, the old value is answered at once while a new one is counted.
 */
export const SHARED_DATABASE_FRESH_MS = 60_000;
export const SINGLE_PROCESS_FRESH_MS = 10 * 60_000;
export const CATALOGUE_STALE_MS = 4 * 60_000;
const PUBLIC_CACHE_MS = PUBLIC_CACHE_SECONDS * 1000;

interface Entry<V> {
  value: Promise<V>;
  computedAt: number;
  isSettled: boolean;
  isRefreshing: boolean;
}

/**
 * A small in-process cache of values that are expensive to compute and may be a little old.
 * Concurrent misses share one computation; failures are not kept; an entry past its fresh
 * time but within its stale time is answered as it is while one refresh runs behind it.
 */
export class PromiseCache<V extends object> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly freshMs: number;
  private readonly staleMs: number;

  constructor(options: { max: number; freshMs: number; staleMs?: number }) {
    this.entries = new LRUCache<string, Entry<V>>({ max: options.max });
    this.freshMs = options.freshMs;
    this.staleMs = options.staleMs ?? 0;
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    const age = entry ? Date.now() - entry.computedAt : Infinity;
    if (entry && age < this.freshMs) return entry.value;
    if (entry?.isSettled && age < this.freshMs + this.staleMs) {
      if (!entry.isRefreshing) {
        entry.isRefreshing = true;
        this.start(key, compute, entry).catch(() => {
          entry.isRefreshing = false;
        });
      }
      return entry.value;
    }
    return this.start(key, compute);
  }

  /** Computes a value; it replaces the entry only once it has succeeded. */
  private start(key: string, compute: () => Promise<V>, previous?: Entry<V>): Promise<V> {
    const value = compute();
    const entry: Entry<V> = {
      value,
      computedAt: Date.now(),
      isSettled: false,
      isRefreshing: false,
    };
    if (!previous) this.entries.set(key, entry);
    value.then(
      () => {
        entry.isSettled = true;
        // A refresh lands only if nothing (an invalidation) replaced the old entry meanwhile.
        if (previous && this.entries.peek(key) === previous) this.entries.set(key, entry);
      },
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Counted facets (and the total, as one entry) by aggregate name. */
export type AggregateCounts = Partial<Record<string, Array<{ value: string; count: number }>>>;

/** The caches one app instance keeps for the catalogue. */
export interface CatalogueCache {
  /** GET /api/public/stats: 5 minutes (the spec). */
  stats: PromiseCache<PublicStats>;
  /** GET /api/listings/featured: 5 minutes (the spec). */
  featured: PromiseCache<ListingCard[]>;
  /** Totals and facets of GET /api/listings, keyed by the normalised filters. */
  aggregates: PromiseCache<AggregateCounts>;
  /** The first listing ids in result order (ranked for searches), by normalised filters. */
  resultIds: PromiseCache<{ ids: number[] }>;
}

const AGGREGATE_ENTRIES = 2_000;
const RESULT_ID_ENTRIES = 1_000;

const liveCaches = new Set<CatalogueCache>();

/**
 * Creates the caches of one app; `dispose` when the app closes. `isSingleProcess`: only this
 * process writes the database (PGlite).
 */
export function createCatalogueCache(options: {
  isSingleProcess: boolean;
}): CatalogueCache & { dispose(): void } {
  const freshMs = options.isSingleProcess ? SINGLE_PROCESS_FRESH_MS : SHARED_DATABASE_FRESH_MS;
  const cache: CatalogueCache = {
    stats: new PromiseCache({ max: 1, freshMs: PUBLIC_CACHE_MS }),
    featured: new PromiseCache({ max: 1, freshMs: PUBLIC_CACHE_MS }),
    aggregates: new PromiseCache({
      max: AGGREGATE_ENTRIES,
      freshMs,
      staleMs: CATALOGUE_STALE_MS,
    }),
    resultIds: new PromiseCache({
      max: RESULT_ID_ENTRIES,
      freshMs,
      staleMs: CATALOGUE_STALE_MS,
    }),
  };
  liveCaches.add(cache);
  return { ...cache, dispose: () => liveCaches.delete(cache) };
}

/**
 * Forgets every cached catalogue figure in this process. Whoever creates, edits or deletes a
 * listing calls this after the commit, so this instance shows the change at once (other
 * instances catch up within their cache lifetime).
 */
export function invalidateCatalogueCaches(): void {
  for (const cache of liveCaches) {
    cache.stats.clear();
    cache.featured.clear();
    cache.aggregates.clear();
    cache.resultIds.clear();
  }
}
