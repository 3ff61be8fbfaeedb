import { LRUCache } from 'lru-cache';
import { PUBLIC_CACHE_SECONDS } from '../listings.constants';
import type { ListingCard, PublicStats } from '../listings.schema';

/** Counted facets (and the total, as one entry) by aggregate name. */
export type AggregateCounts = Partial<Record<string, Array<{ value: string; count: number }>>>;

/** How long catalogue counts and facets are reused (docs/decisions/002-catalogue-search.md). */
export const AGGREGATE_CACHE_MS = 60_000;
const AGGREGATE_CACHE_ENTRIES = 2_000;
const PUBLIC_CACHE_MS = PUBLIC_CACHE_SECONDS * 1000;

/**
 * A small in-process cache of values that are expensive to compute and may be a little old:
 * concurrent misses share one computation (the promise is cached), failures are not kept.
 */
export class PromiseCache<V extends object> {
  private readonly entries: LRUCache<string, Promise<V>>;

  constructor(options: { max: number; ttlMs: number }) {
    this.entries = new LRUCache<string, Promise<V>>({ max: options.max, ttl: options.ttlMs });
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const pending = compute();
    this.entries.set(key, pending);
    pending.catch(() => {
      if (this.entries.get(key) === pending) this.entries.delete(key);
    });
    return pending;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The caches one app instance keeps for the catalogue. */
export interface CatalogueCache {
  /** GET /api/public/stats: 5 minutes (the spec). */
  stats: PromiseCache<PublicStats>;
  /** GET /api/listings/featured: 5 minutes (the spec). */
  featured: PromiseCache<ListingCard[]>;
  /** Totals and facets of GET /api/listings, keyed by the normalised filters. */
  aggregates: PromiseCache<AggregateCounts>;
}

const liveCaches = new Set<CatalogueCache>();

/** Creates the caches of one app; `dispose` when the app closes. */
export function createCatalogueCache(): CatalogueCache & { dispose(): void } {
  const cache: CatalogueCache = {
    stats: new PromiseCache({ max: 1, ttlMs: PUBLIC_CACHE_MS }),
    featured: new PromiseCache({ max: 1, ttlMs: PUBLIC_CACHE_MS }),
    aggregates: new PromiseCache({ max: AGGREGATE_CACHE_ENTRIES, ttlMs: AGGREGATE_CACHE_MS }),
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
  }
}
