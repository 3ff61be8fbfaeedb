import { HIDDEN_STATUSES, PRICE_RANGES, VIABILITY_BANDS } from '../listings.constants';
import type { CatalogueSort } from '../listings.constants';
import type { ListListingsResponse } from '../listings.schema';
import type { CatalogueFilters } from './catalogue-query';

/**
 * An in-process copy of what the catalogue filters, counts and orders by, for every listing
 * (docs/decisions/018-catalogue-index.md). It is derived from PostgreSQL, never the source of
 * truth: rows are loaded from `listings` and reloaded when a listing changes. It answers the
 * total, every facet and the result order of any filter set exactly as the SQL of
 * `catalogue-query.ts` does (a test compares the two on random filter sets), in milliseconds
 * and without a database query, so no cold search stalls the embedded database.
 *
 * Every text value a filter or facet reads (medium, genre, tags, rights, territories,
 * exclusivity, status) is stored as a small integer code, so matching and counting 100,000
 * listings is integer work on arrays.
 */
export interface IndexedListing {
  id: number;
  /** created_at in microseconds since the epoch (exact: below 2^53). */
  createdKey: number;
  medium: string | null;
  genre: string | null;
  tags: string[] | null;
  rights: string[] | null;
  territories: string[] | null;
  exclusivity: string | null;
  priceMaxPence: number | null;
  viability: number | null;
  featured: boolean;
  status: string;
  /** The lexemes of the listing's search document (`tsvector_to_array(search_vector)`). */
  lexemes: string[];
}

type Facets = ListListingsResponse['facets'];

export interface CatalogueMatch {
  total: number;
  facets: Facets;
  /** 1 for each slot matching every filter. */
  matching: Uint8Array;
}

/** One bit per filter a facet menu leaves out; OTHER is every filter no menu chooses. */
const MEDIUM = 1;
const GENRE = 2;
const RIGHTS = 4;
const TERRITORIES = 8;
const EXCLUSIVITY = 16;
const OTHER = 32;
const NONE = -1;
/** The code of a filter value no listing has: equal to no slot's code, not even NONE. */
const ABSENT = -2;
const PENCE_PER_POUND = 100;

/** Strings to codes and back; code order is first-seen order. */
class Dictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codes.set(value, code);
    }
    return code;
  }
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
}

export class CatalogueIndex {
  // One entry per slot; a slot is reused when its listing is reloaded.
  private readonly ids: number[] = [];
  private readonly createdKeys: number[] = [];
  private readonly mediums: number[] = [];
  private readonly genres: number[] = [];
  private readonly tags: number[][] = [];
  private readonly rights: number[][] = [];
  private readonly territories: number[][] = [];
  private readonly exclusivities: number[] = [];
  private readonly prices: Array<number | null> = [];
  private readonly viabilities: Array<number | null> = [];
  private readonly featured: boolean[] = [];
  private readonly statuses: number[] = [];
  /** Each slot's lexemes, as lexeme ids. */
  private readonly lexemesOf: Int32Array[] = [];
  private readonly alive: boolean[] = [];
  private readonly slotById = new Map<number, number>();

  private readonly text = new Dictionary();
  private readonly statusCodes = new Dictionary();
  private readonly hiddenStatus: boolean[] = [];
  // Lexemes are interned: each distinct lexeme is kept once, as an id, however many listings
  // carry it (a string per listing and lexeme would cost about a hundred megabytes at 100,000).
  private readonly lexemeIds = new Map<string, number>();
  private readonly lexemes: string[] = [];
  /** Slots per lexeme id. */
  private readonly postings: number[][] = [];
  /** Lexeme ids sorted by their text, for prefix ranges. */
  private lexicon: Int32Array | null = null;
  /** Alive slots newest first, kept in order as listings come and go. */
  private readonly newest: number[] = [];
  private readonly otherOrders = new Map<string, Int32Array>();

  get size(): number {
    return this.slotById.size;
  }

  /** Adds a listing or replaces what the index knows of it. */
  upsert(listing: IndexedListing): void {
    const existing = this.slotById.get(listing.id);
    if (existing !== undefined && this.createdKeys[existing] !== listing.createdKey) {
      this.remove(listing.id);
    }
    const known = this.slotById.get(listing.id);
    const slot = known ?? this.ids.length;
    if (known !== undefined) this.unpost(slot);
    const code = (value: string | null) => (value === null ? NONE : this.text.code(value));
    this.ids[slot] = listing.id;
    this.createdKeys[slot] = listing.createdKey;
    this.mediums[slot] = code(listing.medium);
    this.genres[slot] = code(listing.genre);
    this.tags[slot] = (listing.tags ?? []).map((tag) => this.text.code(tag));
    this.rights[slot] = (listing.rights ?? []).map((right) => this.text.code(right));
    this.territories[slot] = (listing.territories ?? []).map((t) => this.text.code(t));
    this.exclusivities[slot] = code(listing.exclusivity);
    this.prices[slot] = listing.priceMaxPence;
    this.viabilities[slot] = listing.viability;
    this.featured[slot] = listing.featured;
    this.statuses[slot] = this.statusCode(listing.status);
    this.alive[slot] = true;
    const ids = [...new Set(listing.lexemes)].map((lexeme) => this.lexemeId(lexeme));
    this.lexemesOf[slot] = Int32Array.from(ids);
    for (const id of ids) this.postings[id].push(slot);
    if (known === undefined) {
      this.slotById.set(listing.id, slot);
      this.newest.splice(this.newestPosition(slot), 0, slot);
    }
    this.otherOrders.clear();
  }

  /** Forgets a listing (deleted). */
  remove(id: number): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.unpost(slot);
    this.alive[slot] = false;
    this.slotById.delete(id);
    const position = this.newest.indexOf(slot);
    if (position >= 0) this.newest.splice(position, 1);
    this.otherOrders.clear();
  }

  /** The total, the facets and the matching slots of one filter set. */
  match(filters: CatalogueFilters): CatalogueMatch {
    const slotCount = this.ids.length;
    const matching = new Uint8Array(slotCount);
    const codeCount = this.text.values.length;
    const mediumCounts = new Int32Array(codeCount + 1);
    const genreCounts = new Int32Array(codeCount);
    const rightCounts = new Int32Array(codeCount);
    const territoryCounts = new Int32Array(codeCount);
    const exclusivityCounts = new Int32Array(codeCount);
    const test = this.compile(filters);
    let total = 0;

    const visit = (slot: number) => {
      if (!this.alive[slot] || this.hiddenStatus[this.statuses[slot]]) return;
      const failed = test(slot);
      if (failed === 0) {
        total += 1;
        matching[slot] = 1;
      }
      // A facet menu counts the listings matching every filter but its own.
      if ((failed & ~MEDIUM) === 0) mediumCounts[this.mediums[slot] + 1] += 1;
      if ((failed & ~GENRE) === 0 && this.genres[slot] !== NONE)
        genreCounts[this.genres[slot]] += 1;
      if ((failed & ~RIGHTS) === 0) for (const right of this.rights[slot]) rightCounts[right] += 1;
      if ((failed & ~TERRITORIES) === 0) {
        for (const territory of this.territories[slot]) territoryCounts[territory] += 1;
      }
      if ((failed & ~EXCLUSIVITY) === 0 && this.exclusivities[slot] !== NONE) {
        exclusivityCounts[this.exclusivities[slot]] += 1;
      }
    };
    const candidates = this.wordMatches(filters.words);
    if (candidates) for (const slot of candidates) visit(slot);
    else for (let slot = 0; slot < slotCount; slot += 1) visit(slot);

    // SQL groups a null medium under null, which the answer shows as ''.
    const mediums = this.toFacets(mediumCounts.subarray(1));
    if (mediumCounts[0] > 0) mediums.push({ value: '', count: mediumCounts[0] });
    return {
      total,
      matching,
      facets: {
        mediums: mediums.sort(byValue),
        genres: this.toFacets(genreCounts),
        rights: this.toFacets(rightCounts),
        territories: this.toFacets(territoryCounts),
        exclusivity: this.toFacets(exclusivityCounts),
      },
    };
  }

  /** Ids of matching listings in a sort's order, from `offset` (relevance: newest first). */
  idsInOrder(match: CatalogueMatch, sort: CatalogueSort, offset: number, limit: number): number[] {
    const order: ArrayLike<number> =
      sort === 'relevance' || sort === 'newest' ? this.newest : this.otherOrder(sort);
    const ids: number[] = [];
    let position = 0;
    for (let i = 0; i < order.length && ids.length < limit; i += 1) {
      const slot = order[i];
      if (match.matching[slot] !== 1) continue;
      if (position >= offset) ids.push(this.ids[slot]);
      position += 1;
    }
    return ids;
  }

  /** A test of one slot against the filters: the bits of those it fails (0: all pass). */
  private compile(filters: CatalogueFilters): (slot: number) => number {
    const codeCount = this.text.values.length;
    const lower = this.text.values.map((value) => value.toLowerCase());
    const mediumOk = filters.medium === undefined ? null : lower.map((v) => v === filters.medium);
    const genre = filters.genre;
    const genreOk = genre === undefined ? null : lower.map((v) => v.includes(genre));
    const wantedRights = filters.rights.map((right) => this.text.find(right) ?? ABSENT);
    const wantedTerritories = new Array<boolean>(codeCount).fill(false);
    for (const territory of filters.territories) {
      const code = this.text.find(territory);
      if (code !== undefined) wantedTerritories[code] = true;
    }
    const exclusivity =
      filters.exclusivity === undefined
        ? undefined
        : (this.text.find(filters.exclusivity) ?? ABSENT);
    const status =
      filters.status === undefined ? undefined : (this.statusCodes.find(filters.status) ?? ABSENT);
    const price = filters.priceRange ? PRICE_RANGES[filters.priceRange] : null;
    const priceMin = price?.min === null || !price ? null : price.min * PENCE_PER_POUND;
    const priceMax = price?.max === null || !price ? null : price.max * PENCE_PER_POUND;
    const viability = filters.commercialViability
      ? VIABILITY_BANDS[filters.commercialViability]
      : null;

    return (slot) => {
      let failed = 0;
      if (mediumOk && !(this.mediums[slot] !== NONE && mediumOk[this.mediums[slot]])) {
        failed |= MEDIUM;
      }
      if (genreOk) {
        const code = this.genres[slot];
        if (!(code !== NONE && genreOk[code]) && !this.tags[slot].some((tag) => genreOk[tag])) {
          failed |= GENRE;
        }
      }
      if (wantedRights.length > 0) {
        const rights = this.rights[slot];
        if (!wantedRights.every((right) => rights.includes(right))) failed |= RIGHTS;
      }
      if (filters.territories.length > 0) {
        if (!this.territories[slot].some((territory) => wantedTerritories[territory])) {
          failed |= TERRITORIES;
        }
      }
      if (exclusivity !== undefined && this.exclusivities[slot] !== exclusivity) {
        failed |= EXCLUSIVITY;
      }
      if (price) {
        const value = this.prices[slot];
        if (
          value === null ||
          (priceMin !== null && value < priceMin) ||
          (priceMax !== null && value >= priceMax)
        ) {
          failed |= OTHER;
        }
      }
      if (viability) {
        const score = this.viabilities[slot];
        if (score === null || score < viability.min || score > viability.max) failed |= OTHER;
      }
      if (filters.featured !== undefined && this.featured[slot] !== filters.featured) {
        failed |= OTHER;
      }
      if (status !== undefined && this.statuses[slot] !== status) failed |= OTHER;
      return failed;
    };
  }

  /**
   * Slots whose search document has, for every word, a lexeme starting with it (the SQL's
   * `to_tsquery('simple', 'w1:* & w2:*')`); null when there are no words (every slot).
   */
  private wordMatches(words: string[]): number[] | null {
    if (words.length === 0) return null;
    const lexicon = this.sortedLexicon();
    let current: Uint8Array | null = null;
    for (const word of words) {
      const hit = new Uint8Array(this.ids.length);
      for (let i = this.lowerBound(lexicon, word); i < lexicon.length; i += 1) {
        if (!this.lexemes[lexicon[i]].startsWith(word)) break;
        const list = this.postings[lexicon[i]];
        if (current) {
          const previous = current;
          for (const slot of list) if (previous[slot] === 1) hit[slot] = 1;
        } else {
          for (const slot of list) hit[slot] = 1;
        }
      }
      current = hit;
    }
    const slots: number[] = [];
    if (current) {
      for (let slot = 0; slot < current.length; slot += 1)
        if (current[slot] === 1) slots.push(slot);
    }
    return slots;
  }

  private lexemeId(lexeme: string): number {
    let id = this.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = this.lexemes.length;
      this.lexemes.push(lexeme);
      this.lexemeIds.set(lexeme, id);
      this.postings.push([]);
      this.lexicon = null;
    }
    return id;
  }

  /** The first position in the sorted lexicon whose lexeme is not below `value`. */
  private lowerBound(sorted: Int32Array, value: string): number {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.lexemes[sorted[middle]] < value) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private statusCode(status: string): number {
    const code = this.statusCodes.code(status);
    this.hiddenStatus[code] = (HIDDEN_STATUSES as readonly string[]).includes(status);
    return code;
  }

  /** Takes a slot out of the posting lists of the lexemes it had. */
  private unpost(slot: number): void {
    for (const id of this.lexemesOf[slot] ?? []) {
      const list = this.postings[id];
      const position = list.lastIndexOf(slot);
      if (position >= 0) list.splice(position, 1);
    }
    this.lexemesOf[slot] = new Int32Array(0);
  }

  /** Where a slot goes in the newest-first order (created_at desc, id desc). */
  private newestPosition(slot: number): number {
    let low = 0;
    let high = this.newest.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.isNewer(this.newest[middle], slot)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private isNewer(a: number, b: number): boolean {
    const ka = this.createdKeys[a];
    const kb = this.createdKeys[b];
    return ka > kb || (ka === kb && this.ids[a] > this.ids[b]);
  }

  private sortedLexicon(): Int32Array {
    // Code-unit order, as `startsWith` and the binary search compare.
    this.lexicon ??= Int32Array.from(this.lexemes.keys()).sort((a, b) => {
      const [x, y] = [this.lexemes[a], this.lexemes[b]];
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return this.lexicon;
  }

  /**
   * Price and viability orders (SQL: `… desc|asc nulls last, [created_at desc,] id desc`),
   * sorted when first asked for after a change.
   */
  private otherOrder(sort: 'price-high' | 'price-low' | 'viability'): Int32Array {
    let order = this.otherOrders.get(sort);
    if (order) return order;
    const values = sort === 'viability' ? this.viabilities : this.prices;
    const direction = sort === 'price-low' ? 1 : -1;
    const keys = new Float64Array(this.ids.length);
    for (let slot = 0; slot < this.ids.length; slot += 1) {
      const value = values[slot];
      // Nulls last in either direction; the key sorts ascending.
      keys[slot] = value === null ? Infinity : direction * value;
    }
    const newestRank = new Int32Array(this.ids.length);
    this.newest.forEach((slot, rank) => {
      newestRank[slot] = rank;
    });
    const ids = this.ids;
    order = Int32Array.from(this.newest).sort((a, b) => {
      if (keys[a] !== keys[b]) return keys[a] < keys[b] ? -1 : 1;
      // Ties: viability continues newest first; prices by id, highest first.
      return sort === 'viability' ? newestRank[a] - newestRank[b] : ids[b] - ids[a];
    });
    this.otherOrders.set(sort, order);
    return order;
  }

  private toFacets(counts: Int32Array): Array<{ value: string; count: number }> {
    const facets: Array<{ value: string; count: number }> = [];
    counts.forEach((count, code) => {
      if (count > 0) facets.push({ value: this.text.values[code], count });
    });
    return facets.sort(byValue);
  }
}

const byValue = (a: { value: string }, b: { value: string }) =>
  a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
