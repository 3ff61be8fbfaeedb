import { PRICE_RANGES, RIGHTS as RIGHT_VALUES, VIABILITY_BANDS } from '../listings.constants';
import { cellKeyOf } from '../rights-grid.rules';
import { isOnMarket } from './listing-visibility';
import type { CatalogueSort } from '../listings.constants';
import type { ListListingsResponse } from '../listings.schema';
import type { CatalogueFilters } from './catalogue-query';
import {
  InternedLists,
  PostingLists,
  Runs,
  SortedInts,
  decodeAscending,
  encodeAscending,
  withRoom,
} from './growable-arrays';

/**
 * An in-process copy of what the catalogue filters, counts and orders by, for every listing
 * (docs/decisions/018-catalogue-index.md). It is derived from PostgreSQL, never the source of
 * truth: rows are loaded from `listings` and reloaded when a listing changes. It answers the
 * total, every facet and the result order of any filter set exactly as the SQL of
 * `catalogue-query.ts` does (a test compares the two on random filter sets), in milliseconds
 * and without a database query, so no cold search stalls the embedded database.
 *
 * Every text value a filter or facet reads (medium, genre, tags, rights, territories,
 * exclusivity, status) is stored as a small integer code, and every field in typed arrays
 * (a few bytes a listing, where JS arrays cost about a kilobyte), so matching and counting a
 * million listings is integer work over flat memory.
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
  /** Keys (`cellKeyOf`) of the cells live deals hold (issue 29). */
  rightsTaken: string[] | null;
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
/** Not a filter: a slot the catalogue does not show (removed, or a hidden status). */
const HIDDEN = 64;
/** In COUNTED_IN: the slot is in the answer. */
const MATCHES = 32;
const NONE = -1;
/** The code of a filter value no listing has: equal to no slot's code, not even NONE. */
const ABSENT = -2;
const PENCE_PER_POUND = 100;

/**
 * What a slot counts in, by the bits of the filters it fails (and HIDDEN): MATCHES when it
 * fails none, and each facet menu's bit when it fails no filter but that menu's own (each menu
 * counts the listings matching every *other* filter, decision 002). A hidden slot counts in
 * nothing.
 */
const COUNTED_IN = Uint8Array.from({ length: 2 * HIDDEN }, (_, failed) => {
  if (failed & HIDDEN) return 0;
  let counted = failed === 0 ? MATCHES : 0;
  for (const menu of [MEDIUM, GENRE, RIGHTS, TERRITORIES, EXCLUSIVITY]) {
    if ((failed & ~menu) === 0) counted |= menu;
  }
  return counted;
});
const EMPTY: readonly number[] = [];

/** Strings to codes and back; code order is first-seen order. */
class Dictionary {
  readonly values: string[] = [];
  /** Each value lower-cased, as the medium and genre filters compare them. */
  readonly lowerValues: string[] = [];
  private readonly codes = new Map<string, number>();
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.lowerValues.push(value.toLowerCase());
      this.codes.set(value, code);
    }
    return code;
  }
  find(value: string): number | undefined {
    return this.codes.get(value);
  }
}

export class CatalogueIndex {
  // Per slot: a listing keeps its slot while it is in the index; a removed listing's slot is
  // never reused, so a match made before a change still names the same listings. Fixed-width
  // fields live in typed arrays grown together; null is NONE for codes, NaN for numbers.
  private slotCount = 0;
  private ids = new Int32Array(0);
  private createdKeys = new Float64Array(0);
  private mediums = new Int32Array(0);
  private genres = new Int32Array(0);
  private exclusivities = new Int32Array(0);
  private statuses = new Int32Array(0);
  private prices = new Float64Array(0);
  private viabilities = new Float64Array(0);
  private featured = new Uint8Array(0);
  /** 1 while the slot's listing is in the index. */
  private alive = new Uint8Array(0);
  /** 1 for a live listing whose status the catalogue shows: the only slots matched. */
  private visible = new Uint8Array(0);
  /** Each slot's tags, as codes of their own (`tagText`), for the genre filter. */
  private readonly tags = new Runs(new Int32Array(1024));
  /** Each slot's tags as bits (`tagBit`), so that most slots need no reading of their list. */
  private tagMasks = new Int32Array(0);
  // Each slot's rights and territories, as the id of an interned list of text codes (kept as
  // given: a repeated right counts twice, as in SQL).
  private rightLists = new Int32Array(0);
  private territoryLists = new Int32Array(0);
  private readonly rights = new InternedLists();
  private readonly territories = new InternedLists();
  /**
   * Each slot's free cells (issue 29: offered, not taken), as the id of an interned list of
   * cell codes (`cellText`: keys `media|territory`). Most listings share a few grids and take
   * nothing, so the lists are few, and the avails filter is worked out once per list.
   */
  private freeCellLists = new Int32Array(0);
  private readonly freeCells = new InternedLists();
  private readonly cellText = new Dictionary();
  /** Free-cell list ids by rights list, territory list and taken keys: most builds hit it. */
  private readonly freeCellListIds = new Map<string, number>();
  /**
   * Each slot's lexeme ids, ascending (so an update touches only the postings it changes),
   * encoded by `encodeAscending`: the largest structure after the postings, halved.
   */
  private readonly lexemesOf = new Runs(new Uint8Array(1024));
  private readonly slotById = new Map<number, number>();

  private readonly text = new Dictionary();
  private readonly tagText = new Dictionary();
  private readonly statusCodes = new Dictionary();
  private readonly hiddenStatus: boolean[] = [];
  // Lexemes are interned: each distinct lexeme is kept once, as an id, however many listings
  // carry it (a string per listing and lexeme would cost about a hundred megabytes at 100,000).
  private readonly lexemeIds = new Map<string, number>();
  private readonly lexemes: string[] = [];
  /** Slots per lexeme id, ascending. */
  private readonly postings = new PostingLists();
  /** Lexeme ids in the code-unit order of their text, for prefix ranges. */
  private readonly lexicon = new SortedInts((a, b) =>
    compareText(this.lexemes[a], this.lexemes[b]),
  );
  // The catalogue's orders of slots, kept as listings come and go, so that no request sorts
  // (a million slots take most of a second). SQL: newest is `created_at desc, id desc`;
  // price `suggested_offer_max_pence desc|asc nulls last, id desc`; viability
  // `viability_score desc nulls last, created_at desc, id desc`.
  private readonly newest = new SortedInts((a, b) => this.compareNewest(a, b));
  private readonly priceHigh = new SortedInts(
    (a, b) => compareNullsLast(this.prices[a], this.prices[b], -1) || this.ids[b] - this.ids[a],
  );
  private readonly priceLow = new SortedInts(
    (a, b) => compareNullsLast(this.prices[a], this.prices[b], 1) || this.ids[b] - this.ids[a],
  );
  private readonly byViability = new SortedInts(
    (a, b) =>
      compareNullsLast(this.viabilities[a], this.viabilities[b], -1) || this.compareNewest(a, b),
  );
  private readonly orders = [this.newest, this.priceHigh, this.priceLow, this.byViability];
  /** Removed slots still in the orders: skipped when read, swept out once they are many. */
  private deadInOrders = 0;

  get size(): number {
    return this.slotById.size;
  }

  /** Adds a listing or replaces what the index knows of it. */
  upsert(listing: IndexedListing): void {
    // Ids are int4 (serial), as `ids` holds them.
    if ((listing.id | 0) !== listing.id) throw new RangeError(`Listing id ${listing.id}`);
    const known = this.slotById.get(listing.id);
    const slot = known ?? this.newSlot(listing.id);
    // An order finds a slot by its keys: it is taken out before they change, put back after.
    const moved = known === undefined ? this.orders : this.ordersMovedBy(slot, listing);
    if (known !== undefined) for (const order of moved) order.delete(slot);
    this.createdKeys[slot] = listing.createdKey;
    this.mediums[slot] = this.code(listing.medium);
    this.genres[slot] = this.code(listing.genre);
    this.exclusivities[slot] = this.code(listing.exclusivity);
    this.prices[slot] = listing.priceMaxPence ?? NaN;
    this.viabilities[slot] = listing.viability ?? NaN;
    this.featured[slot] = listing.featured ? 1 : 0;
    const status = this.statusCode(listing.status);
    this.statuses[slot] = status;
    this.visible[slot] = this.hiddenStatus[status] ? 0 : 1;
    const tags = (listing.tags ?? []).map((tag) => this.tagText.code(tag));
    this.tags.set(slot, tags);
    this.tagMasks[slot] = tags.reduce((mask, code) => mask | tagBit(code), 0);
    this.rightLists[slot] = this.rights.id(this.codes(listing.rights));
    this.territoryLists[slot] = this.territories.id(this.codes(listing.territories));
    this.freeCellLists[slot] = this.freeCellListId(slot, listing);
    this.setLexemes(slot, listing.lexemes);
    for (const order of moved) order.add(slot);
  }

  /** Forgets a listing (deleted). */
  remove(id: number): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.slotById.delete(id);
    this.alive[slot] = 0;
    this.visible[slot] = 0;
    // The slot is dead for good: its postings and its places in the orders are swept later,
    // in bulk, rather than shifting long lists now.
    for (const lexeme of this.lexemeIdsOf(slot)) this.postings.noteDead(lexeme, this.alive);
    this.lexemesOf.set(slot, EMPTY);
    this.tags.set(slot, EMPTY);
    this.tagMasks[slot] = 0;
    this.deadInOrders += 1;
    if (this.deadInOrders > 1024 && this.deadInOrders * 4 > this.slotById.size) {
      for (const order of this.orders) order.retain((s) => this.alive[s] === 1);
      this.deadInOrders = 0;
    }
  }

  /** The total, the facets and the matching slots of one filter set. */
  match(filters: CatalogueFilters): CatalogueMatch {
    const slotCount = this.slotCount;
    const candidates = this.wordMatches(filters.words);
    // The word matches become the answer in place: a slot failing a filter is cleared.
    const matching = candidates ?? new Uint8Array(slotCount);
    const codeCount = this.text.values.length;
    // Counts by code + 1, so that null (NONE) counts at 0 without a test.
    const mediumCounts = new Int32Array(codeCount + 1);
    const genreCounts = new Int32Array(codeCount + 1);
    const exclusivityCounts = new Int32Array(codeCount + 1);
    // Rights and territories are counted per interned list, then per code.
    const rightListCounts = new Int32Array(this.rights.count);
    const territoryListCounts = new Int32Array(this.territories.count);
    const failures = this.failures(filters, candidates);
    const { visible, mediums, genres, exclusivities, rightLists, territoryLists } = this;
    let total = 0;

    // Without a branch per count (they mispredict when filters fail at random): each count
    // adds 0 or 1, as COUNTED_IN says for the filters the slot fails.
    for (let slot = 0; slot < slotCount; slot += 1) {
      if (candidates !== null && candidates[slot] === 0) continue;
      const failed = (failures === null ? 0 : failures[slot]) | (visible[slot] === 1 ? 0 : HIDDEN);
      const counted = COUNTED_IN[failed];
      const isMatch = (counted & MATCHES) >> 5;
      matching[slot] = isMatch;
      total += isMatch;
      mediumCounts[mediums[slot] + 1] += counted & MEDIUM;
      genreCounts[genres[slot] + 1] += (counted & GENRE) >> 1;
      rightListCounts[rightLists[slot]] += (counted & RIGHTS) >> 2;
      territoryListCounts[territoryLists[slot]] += (counted & TERRITORIES) >> 3;
      exclusivityCounts[exclusivities[slot] + 1] += (counted & EXCLUSIVITY) >> 4;
    }

    const rightCounts = new Int32Array(codeCount);
    const territoryCounts = new Int32Array(codeCount);
    countCodes(this.rights, rightListCounts, rightCounts);
    countCodes(this.territories, territoryListCounts, territoryCounts);
    // SQL groups a null medium under null, which the answer shows as ''.
    const mediumFacets = this.toFacets(mediumCounts.subarray(1));
    if (mediumCounts[0] > 0) mediumFacets.push({ value: '', count: mediumCounts[0] });
    // A null genre or exclusivity is in no menu.
    return {
      total,
      matching,
      facets: {
        mediums: mediumFacets.sort(byValue),
        genres: this.toFacets(genreCounts.subarray(1)),
        rights: this.toFacets(rightCounts),
        territories: this.toFacets(territoryCounts),
        exclusivity: this.toFacets(exclusivityCounts.subarray(1)),
      },
    };
  }

  /** Ids of matching listings in a sort's order, from `offset` (relevance: newest first). */
  idsInOrder(match: CatalogueMatch, sort: CatalogueSort, offset: number, limit: number): number[] {
    const order = this.orderOf(sort).items;
    const { matching } = match;
    const ids: number[] = [];
    let position = 0;
    for (let i = 0; i < order.length && ids.length < limit; i += 1) {
      const slot = order[i];
      // A match made before a removal still marks the removed listing's slot.
      if (matching[slot] !== 1 || this.alive[slot] !== 1) continue;
      if (position >= offset) ids.push(this.ids[slot]);
      position += 1;
    }
    return ids;
  }

  /**
   * Per slot, the bits of the filters it fails (0: passes them all), or null when there is no
   * filter: one tight loop over the slots per filter. Each filter is first worked out per value
   * (per text code, per interned list), so the loops only look values up.
   */
  private failures(filters: CatalogueFilters, candidates: Uint8Array | null): Uint8Array | null {
    const failed = new Uint8Array(this.slotCount);
    let filtered = false;
    const lower = this.text.lowerValues;
    const { medium, genre } = filters;
    let tagsPassing: Uint8Array | null = null;
    if (medium !== undefined) {
      const passing = codeFlags(lower, (value) => value === medium);
      failUnlessPassing(failed, MEDIUM, this.mediums, passing);
      filtered = true;
    }
    if (genre !== undefined) {
      const passing = codeFlags(lower, (value) => value.includes(genre));
      failUnlessPassing(failed, GENRE, this.genres, passing);
      tagsPassing = codeFlags(this.tagText.lowerValues, (value) => value.includes(genre));
      filtered = true;
    }
    if (filters.rights.length > 0) {
      const wanted = Int32Array.from(filters.rights, (right) => this.text.find(right) ?? ABSENT);
      const passing = listFlags(this.rights, (codes, start, end) =>
        wanted.every((code) => codes.subarray(start, end).includes(code)),
      );
      failUnlessPassing(failed, RIGHTS, this.rightLists, passing);
      filtered = true;
    }
    if (filters.territories.length > 0) {
      const wanted = new Uint8Array(lower.length);
      for (const territory of filters.territories) {
        const code = this.text.find(territory);
        if (code !== undefined) wanted[code] = 1;
      }
      const passing = listFlags(this.territories, (codes, start, end) => {
        for (let i = start; i < end; i += 1) if (wanted[codes[i]] === 1) return true;
        return false;
      });
      failUnlessPassing(failed, TERRITORIES, this.territoryLists, passing);
      filtered = true;
    }
    if (filters.availableMedia !== undefined || filters.availableTerritory !== undefined) {
      const passing = this.availsFlags(filters.availableMedia, filters.availableTerritory);
      failUnlessPassing(failed, OTHER, this.freeCellLists, passing);
      filtered = true;
    }
    if (filters.exclusivity !== undefined) {
      const passing = oneFlag(lower.length, this.text.find(filters.exclusivity));
      failUnlessPassing(failed, EXCLUSIVITY, this.exclusivities, passing);
      filtered = true;
    }
    if (filters.status !== undefined) {
      const codeCount = this.statusCodes.values.length;
      const passing = oneFlag(codeCount, this.statusCodes.find(filters.status));
      failUnlessPassing(failed, OTHER, this.statuses, passing);
      filtered = true;
    }
    if (filters.featured !== undefined) {
      failUnlessPassing(failed, OTHER, this.featured, oneFlag(2, filters.featured ? 1 : 0));
      filtered = true;
    }
    if (filters.priceRange) {
      const { min, max } = PRICE_RANGES[filters.priceRange];
      const low = min === null ? -Infinity : min * PENCE_PER_POUND;
      const high = max === null ? Infinity : max * PENCE_PER_POUND;
      // [min, max): a price at the top of a range belongs to the next one.
      failOutside(failed, OTHER, this.prices, low, high, false);
      filtered = true;
    }
    if (filters.commercialViability) {
      const { min, max } = VIABILITY_BANDS[filters.commercialViability];
      failOutside(failed, OTHER, this.viabilities, min, max, true);
      filtered = true;
    }
    // The genre filter also passes a listing with a tag that matches it; checked last, as only
    // a slot failing at most one other filter needs it.
    if (tagsPassing !== null && tagsPassing.includes(1)) {
      forgiveTagged(failed, GENRE, this.tags, this.tagMasks, tagsPassing, candidates);
    }
    return filtered ? failed : null;
  }

  /**
   * 1 for each slot whose search document has, for every word, a lexeme starting with it (the
   * SQL's `to_tsquery('simple', 'w1:* & w2:*')`); null when there are no words (every slot).
   * Slots of removed listings may be marked too: `match` skips them.
   */
  private wordMatches(words: string[]): Uint8Array | null {
    if (words.length === 0) return null;
    const lexicon = this.lexicon.items;
    const { lists, lengths } = this.postings;
    let previous: Uint8Array | null = null;
    for (const word of words) {
      const hit = new Uint8Array(this.slotCount);
      for (let i = this.prefixStart(lexicon, word); i < lexicon.length; i += 1) {
        const lexeme = lexicon[i];
        if (!this.lexemes[lexeme].startsWith(word)) break;
        const list = lists[lexeme];
        const length = lengths[lexeme];
        if (previous === null) {
          for (let k = 0; k < length; k += 1) hit[list[k]] = 1;
        } else {
          for (let k = 0; k < length; k += 1) hit[list[k]] |= previous[list[k]];
        }
      }
      previous = hit;
    }
    return previous;
  }

  /** The first position in the sorted lexicon whose lexeme is not below `word`. */
  private prefixStart(lexicon: Int32Array, word: string): number {
    let low = 0;
    let high = lexicon.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.lexemes[lexicon[middle]] < word) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private newSlot(id: number): number {
    const slot = this.slotCount;
    const needed = slot + 1;
    this.ids = withRoom(this.ids, needed);
    this.createdKeys = withRoom(this.createdKeys, needed);
    this.mediums = withRoom(this.mediums, needed);
    this.genres = withRoom(this.genres, needed);
    this.exclusivities = withRoom(this.exclusivities, needed);
    this.statuses = withRoom(this.statuses, needed);
    this.prices = withRoom(this.prices, needed);
    this.viabilities = withRoom(this.viabilities, needed);
    this.featured = withRoom(this.featured, needed);
    this.alive = withRoom(this.alive, needed);
    this.visible = withRoom(this.visible, needed);
    this.rightLists = withRoom(this.rightLists, needed);
    this.territoryLists = withRoom(this.territoryLists, needed);
    this.freeCellLists = withRoom(this.freeCellLists, needed);
    this.tagMasks = withRoom(this.tagMasks, needed);
    this.slotCount = needed;
    this.ids[slot] = id;
    this.alive[slot] = 1;
    this.slotById.set(id, slot);
    return slot;
  }

  /**
   * Replaces a slot's lexemes. Both lists are ascending: walking them together touches only
   * the postings of lexemes gained or lost (usually none when a listing is reloaded).
   */
  private setLexemes(slot: number, lexemes: string[]): void {
    const ids = this.distinctLexemeIds(lexemes);
    const old = this.lexemeIdsOf(slot);
    let i = 0;
    let j = 0;
    while (i < old.length || j < ids.length) {
      if (j === ids.length || (i < old.length && old[i] < ids[j])) {
        this.postings.delete(old[i], slot);
        i += 1;
      } else if (i === old.length || ids[j] < old[i]) {
        this.postings.add(ids[j], slot);
        j += 1;
      } else {
        i += 1;
        j += 1;
      }
    }
    this.lexemesOf.set(slot, encodeAscending(ids));
  }

  /** A document's distinct lexeme ids, ascending. */
  private distinctLexemeIds(lexemes: string[]): Int32Array {
    const ids = new Int32Array(lexemes.length);
    for (let i = 0; i < lexemes.length; i += 1) ids[i] = this.lexemeId(lexemes[i]);
    ids.sort();
    let count = 0;
    for (let i = 0; i < ids.length; i += 1) {
      if (i === 0 || ids[i] !== ids[i - 1]) ids[count++] = ids[i];
    }
    return ids.subarray(0, count);
  }

  private lexemeIdsOf(slot: number): Int32Array {
    return decodeAscending(this.lexemesOf.get(slot));
  }

  private lexemeId(lexeme: string): number {
    let id = this.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = this.lexemes.length;
      this.lexemes.push(lexeme);
      this.lexemeIds.set(lexeme, id);
      this.postings.addKey();
      this.lexicon.add(id);
    }
    return id;
  }

  /**
   * The interned list of the listing's free cells: every right it offers (of RIGHTS) × every
   * territory, keyed as `cellKeyOf` keys them, without those in its `rightsTaken`. Its rights
   * and territory lists must already be the slot's.
   */
  private freeCellListId(slot: number, listing: IndexedListing): number {
    const taken = [...new Set(listing.rightsTaken ?? [])].sort();
    const memo = `${this.rightLists[slot]}:${this.territoryLists[slot]}:${taken.join('\n')}`;
    let id = this.freeCellListIds.get(memo);
    if (id === undefined) {
      const takenKeys = new Set(taken);
      const media = new Set((listing.rights ?? []).filter(isRight));
      const keys = new Set<string>();
      for (const medium of media) {
        for (const territory of listing.territories ?? []) {
          const key = cellKeyOf({ media: medium, territory });
          if (!takenKeys.has(key)) keys.add(key);
        }
      }
      id = this.freeCells.id([...keys].map((key) => this.cellText.code(key)));
      this.freeCellListIds.set(memo, id);
    }
    return id;
  }

  /** Flags the free-cell lists holding a cell of the medium and territory (either may be any). */
  private availsFlags(media: string | undefined, territory: string | undefined): Uint8Array {
    const cellPassing = new Uint8Array(this.cellText.values.length);
    this.cellText.values.forEach((key, code) => {
      const bar = key.indexOf('|');
      const isMedia = media === undefined || key.slice(0, bar) === media;
      const isTerritory = territory === undefined || key.slice(bar + 1) === territory;
      if (isMedia && isTerritory) cellPassing[code] = 1;
    });
    return listFlags(this.freeCells, (codes, start, end) => {
      for (let i = start; i < end; i += 1) if (cellPassing[codes[i]] === 1) return true;
      return false;
    });
  }

  private code(value: string | null): number {
    return value === null ? NONE : this.text.code(value);
  }

  private codes(values: string[] | null): number[] {
    return values === null ? [] : values.map((value) => this.text.code(value));
  }

  private statusCode(status: string): number {
    const code = this.statusCodes.code(status);
    this.hiddenStatus[code] = !isOnMarket(status);
    return code;
  }

  /** The orders a known slot moves in when it takes the listing's values. */
  private ordersMovedBy(slot: number, listing: IndexedListing): SortedInts[] {
    const created = this.createdKeys[slot] !== listing.createdKey;
    const priced = !isSame(this.prices[slot], listing.priceMaxPence);
    const scored = !isSame(this.viabilities[slot], listing.viability);
    const moved: SortedInts[] = [];
    if (created) moved.push(this.newest);
    if (priced) moved.push(this.priceHigh, this.priceLow);
    if (created || scored) moved.push(this.byViability);
    return moved;
  }

  /** A sort's order (relevance: newest first, see `findPageInIndex`). */
  private orderOf(sort: CatalogueSort): SortedInts {
    switch (sort) {
      case 'relevance':
      case 'newest':
        return this.newest;
      case 'price-high':
        return this.priceHigh;
      case 'price-low':
        return this.priceLow;
      case 'viability':
        return this.byViability;
    }
  }

  /** Newest first: created_at desc, id desc. */
  private compareNewest(a: number, b: number): number {
    const ka = this.createdKeys[a];
    const kb = this.createdKeys[b];
    if (ka !== kb) return ka > kb ? -1 : 1;
    return this.ids[b] - this.ids[a];
  }

  private toFacets(counts: Int32Array): Array<{ value: string; count: number }> {
    const facets: Array<{ value: string; count: number }> = [];
    counts.forEach((count, code) => {
      if (count > 0) facets.push({ value: this.text.values[code], count });
    });
    return facets.sort(byValue);
  }
}

// A filter's passing values are flags by value + 1, so that null (NONE, -1) fails without a
// test: flags[0] is always 0.

/** Flags the codes whose lower-cased value passes `test`. */
function codeFlags(lowerValues: string[], test: (value: string) => boolean): Uint8Array {
  const flags = new Uint8Array(lowerValues.length + 1);
  lowerValues.forEach((value, code) => {
    if (test(value)) flags[code + 1] = 1;
  });
  return flags;
}

/** Flags one code only (none when the value is unknown: nothing passes). */
function oneFlag(codeCount: number, code: number | undefined): Uint8Array {
  const flags = new Uint8Array(codeCount + 1);
  if (code !== undefined) flags[code + 1] = 1;
  return flags;
}

/** Flags the interned lists whose codes (`codes[start .. end)`) pass `test`. */
function listFlags(
  lists: InternedLists,
  test: (codes: Int32Array, start: number, end: number) => boolean,
): Uint8Array {
  const flags = new Uint8Array(lists.count + 1);
  const { values, starts, lengths } = lists.codes;
  for (let id = 0; id < lists.count; id += 1) {
    flags[id + 1] = test(values, starts[id], starts[id] + lengths[id]) ? 1 : 0;
  }
  return flags;
}

// The loops below have no branch per slot: a branch on whether a slot passes mispredicts as
// often as listings differ, and costs several times the arithmetic.

/** Fails the slots whose value is not flagged in `passing`. */
function failUnlessPassing(
  failed: Uint8Array,
  bit: number,
  values: Int32Array | Uint8Array,
  passing: Uint8Array,
): void {
  for (let slot = 0; slot < failed.length; slot += 1) {
    failed[slot] |= (passing[values[slot] + 1] ^ 1) * bit;
  }
}

/** A tag code's bit in a slot's tag mask: shared by every 32nd code, so only a hint. */
function tagBit(code: number): number {
  return 1 << (code & 31);
}

/**
 * Clears the bit of the slots with a tag flagged in `passing`. Only of the slots the words
 * match that fail it and at most one other filter (a slot failing two counts nowhere anyway,
 * COUNTED_IN), and whose tag mask shares a bit with a passing tag's: reading tag lists is the
 * slow part.
 */
function forgiveTagged(
  failed: Uint8Array,
  bit: number,
  tags: Runs<Int32Array>,
  tagMasks: Int32Array,
  passing: Uint8Array,
  candidates: Uint8Array | null,
): void {
  let passingMask = 0;
  for (let code = 0; code + 1 < passing.length; code += 1) {
    if (passing[code + 1] === 1) passingMask |= tagBit(code);
  }
  const { values, starts, lengths } = tags;
  for (let slot = 0; slot < failed.length; slot += 1) {
    const others = failed[slot] & ~bit;
    if (failed[slot] === others || (others & (others - 1)) !== 0) continue;
    if ((tagMasks[slot] & passingMask) === 0) continue;
    if (candidates !== null && candidates[slot] === 0) continue;
    let tagged = 0;
    for (let i = starts[slot], end = i + lengths[slot]; i < end; i += 1) {
      tagged |= passing[values[i] + 1];
    }
    failed[slot] &= ~(tagged * bit);
  }
}

/** Fails the slots whose number is null (NaN) or outside [low, high), or [low, high]. */
function failOutside(
  failed: Uint8Array,
  bit: number,
  numbers: Float64Array,
  low: number,
  high: number,
  isHighIncluded: boolean,
): void {
  // Comparisons with NaN are false: a null is outside any range.
  if (isHighIncluded) {
    for (let slot = 0; slot < failed.length; slot += 1) {
      const value = numbers[slot];
      failed[slot] |= ((+(value >= low) & +(value <= high)) ^ 1) * bit;
    }
  } else {
    for (let slot = 0; slot < failed.length; slot += 1) {
      const value = numbers[slot];
      failed[slot] |= ((+(value >= low) & +(value < high)) ^ 1) * bit;
    }
  }
}

/** Adds each interned list's count to the count of each of its codes. */
function countCodes(lists: InternedLists, listCounts: Int32Array, counts: Int32Array): void {
  const { values, starts, lengths } = lists.codes;
  for (let id = 0; id < listCounts.length; id += 1) {
    const count = listCounts[id];
    if (count === 0) continue;
    for (let i = starts[id], end = i + lengths[id]; i < end; i += 1) counts[values[i]] += count;
  }
}

/** Numbers stored with NaN for null, ordered by `direction` (1 ascending), nulls last. */
function compareNullsLast(x: number, y: number, direction: 1 | -1): number {
  if (x === y) return 0;
  const xNull = Number.isNaN(x);
  const yNull = Number.isNaN(y);
  if (xNull || yNull) return xNull === yNull ? 0 : xNull ? 1 : -1;
  return x < y ? -direction : direction;
}

/** Whether a stored number (NaN for null) holds `value`. */
function isSame(stored: number, value: number | null): boolean {
  return value === null ? Number.isNaN(stored) : stored === value;
}

/** Code-unit order, as `startsWith` and the prefix search compare. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const RIGHT_SET: ReadonlySet<string> = new Set(RIGHT_VALUES);
const isRight = (value: string) => RIGHT_SET.has(value);

const byValue = (a: { value: string }, b: { value: string }) =>
  a.value < b.value ? -1 : a.value > b.value ? 1 : 0;
