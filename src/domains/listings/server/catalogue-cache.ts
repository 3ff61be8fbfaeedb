import { LRUCache } from 'lru-cache';
import { isBackgroundWork, runAsBackground, servesRequests } from '@/server/db/background-priority';
import { PUBLIC_CACHE_SECONDS } from '../listings.constants';
import type { ListingCard, ListListingsResponse, PublicStats } from '../listings.schema';

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
  /** The cache's generation when the computation started (see markStale). */
  generation: number;
  isSettled: boolean;
  isRefreshing: boolean;
}

/**
 * A small in-process cache of values that are expensive to compute and may be a little old.
 * Concurrent misses share one computation; failures are not kept; an entry past its fresh
 * time (or marked stale) but within its stale time is answered as it is while one refresh
 * runs behind it.
 */
export class PromiseCache<V extends object> {
  private readonly entries: LRUCache<string, Entry<V>>;
  private readonly freshMs: number;
  private readonly staleMs: number;
  private generation = 0;

  constructor(options: { max: number; freshMs: number; staleMs?: number }) {
    this.entries = new LRUCache<string, Entry<V>>({ max: options.max });
    this.freshMs = options.freshMs;
    this.staleMs = options.staleMs ?? 0;
  }

  get(key: string, compute: () => Promise<V>): Promise<V> {
    const entry = this.entries.get(key);
    const age = entry ? Date.now() - entry.computedAt : Infinity;
    const isCurrent = entry?.generation === this.generation;
    if (entry && isCurrent && age < this.freshMs) return entry.value;
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

  /** Computes a value; a refresh replaces the old entry only once it has succeeded. */
  private start(key: string, compute: () => Promise<V>, previous?: Entry<V>): Promise<V> {
    const value = compute();
    const entry: Entry<V> = {
      value,
      computedAt: Date.now(),
      generation: this.generation,
      isSettled: false,
      isRefreshing: false,
    };
    if (!previous) this.entries.set(key, entry);
    value.then(
      () => {
        entry.isSettled = true;
        // A refresh lands only if nothing (a clear) replaced the old entry meanwhile.
        if (previous && this.entries.peek(key) === previous) this.entries.set(key, entry);
      },
      () => {
        if (this.entries.peek(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /**
   * Every value computed so far is out of date: each is answered once more (within its stale
   * time) while its refresh runs, and values still being computed count as old too.
   */
  markStale(): void {
    this.generation += 1;
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
  /**
   * Totals and facets answered by the catalogue index (decision 018): cheap to recount, so
   * dropped at every change rather than answered stale.
   */
  indexCounts: PromiseCache<{ total: number; facets: ListListingsResponse['facets'] }>;
  /** Listing cards by id, so a popular page is answered without reading its rows again. */
  cards: LRUCache<number, ListingCard>;
}

const AGGREGATE_ENTRIES = 2_000;
const RESULT_ID_ENTRIES = 1_000;
/** About 0.7 KB each: a few megabytes at most. */
const CARD_ENTRIES = 5_000;

const liveCaches = new Set<CatalogueCache>();

/**
 * Told of every listing change: the ids changed, or null for "anything may have changed".
 * `background`: changes background work made, told together (see below); the listener may
 * return a promise, and the caches are dropped once it settles.
 */
type CatalogueChangeListener = (
  changedIds: readonly number[] | null,
  background?: boolean,
) => void | Promise<void>;
const changeListeners = new Set<CatalogueChangeListener>();

/** Subscribes to listing changes (the catalogue index); returns the unsubscribe. */
export function onCatalogueChange(listener: CatalogueChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/**
 * Creates the caches of one app; `dispose` when the app closes. `isSingleProcess`: only this
 * process writes the database (PGlite).
 */
export function createCatalogueCache(options: {
  isSingleProcess: boolean;
}): CatalogueCache & { dispose(): void } {
  const freshMs = options.isSingleProcess ? SINGLE_PROCESS_FRESH_MS : SHARED_DATABASE_FRESH_MS;
  const cache: CatalogueCache = {
    stats: new PromiseCache({ max: 1, freshMs: PUBLIC_CACHE_MS, staleMs: PUBLIC_CACHE_MS }),
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
    cards: new LRUCache<number, ListingCard>({ max: CARD_ENTRIES, ttl: freshMs }),
    indexCounts: new PromiseCache({ max: AGGREGATE_ENTRIES, freshMs }),
  };
  liveCaches.add(cache);
  return { ...cache, dispose: () => liveCaches.delete(cache) };
}

/**
 * A listing was created, edited or deleted: every use case that writes listings calls this
 * after its commit, with the ids it wrote (without them, the catalogue index is rebuilt). Pages, cards and featured titles are dropped, so this instance shows the
 * change at once; counts, facets and the headline stats are marked stale, so the next
 * request recounts them in the background instead of waiting for a count of the whole
 * catalogue. Other instances catch up within their cache lifetime.
 */
export function invalidateCatalogueCaches(changedIds?: readonly number[]): void {
  if (changedIds && isBackgroundWork() && servesRequests()) {
    noteBackgroundChanges(changedIds);
    return;
  }
  for (const listener of changeListeners) void listener(changedIds ?? null);
  dropCachedAnswers();
}

function dropCachedAnswers(): void {
  for (const cache of liveCaches) {
    cache.stats.markStale();
    cache.aggregates.markStale();
    cache.featured.clear();
    cache.resultIds.clear();
    cache.cards.clear();
    cache.indexCounts.clear();
  }
}

/**
 * Changes background work makes (the analysis job's scores for a whole catalogue, enrichment,
 * a lapsed option freeing rights) are nobody's own edit: on a server answering requests they
 * are applied together, `backgroundChanges.delayMs` after the first (5 s), by background work,
 * and only then are the cached answers dropped (issue 33). Applied one by one, a recompute
 * writing a few scores every 100 ms emptied every cache ten times a second (no search was
 * ever warm) and made each search first reload what the job had just written. A user's own
 * change, and every change in tests without a server, still shows at once.
 */
export const backgroundChanges = { delayMs: 5_000 };
const changedInBackground = new Set<number>();
let backgroundTimer: ReturnType<typeof setTimeout> | null = null;

function noteBackgroundChanges(ids: readonly number[]): void {
  for (const id of ids) changedInBackground.add(id);
  if (backgroundTimer) return;
  backgroundTimer = setTimeout(() => void applyBackgroundChanges(), backgroundChanges.delayMs);
  backgroundTimer.unref();
}

async function applyBackgroundChanges(): Promise<void> {
  backgroundTimer = null;
  const ids = [...changedInBackground];
  changedInBackground.clear();
  if (ids.length === 0) return;
  await runAsBackground(() =>
    Promise.allSettled([...changeListeners].map(async (listener) => listener(ids, true))),
  );
  dropCachedAnswers();
}

/**
 * Forgets everything at once (tests, and tools that rewrite the catalogue wholesale), the
 * catalogue index included unless `keepIndex` (benchmarks emptying only the caches of
 * answers: the index holds no query's answer, only the listings' own fields).
 */
export function clearCatalogueCaches(options: { keepIndex?: boolean } = {}): void {
  if (!options.keepIndex) for (const listener of changeListeners) void listener(null);
  changedInBackground.clear();
  for (const cache of liveCaches) {
    cache.stats.clear();
    cache.aggregates.clear();
    cache.featured.clear();
    cache.resultIds.clear();
    cache.cards.clear();
    cache.indexCounts.clear();
  }
}
