/**
 * Typed-array building blocks of the catalogue index (docs/decisions/018-catalogue-index.md):
 * at 1,000,000 listings a JS array per listing and field costs about a kilobyte a listing, a
 * typed array a few bytes. Each structure here grows as listings come, by a quarter of its
 * size, so that the unused tail stays small at that scale.
 */

type NumberArray = Int32Array | Float64Array | Uint8Array;

/** `array` itself, or a copy of it with room for at least `needed` elements. */
export function withRoom<T extends NumberArray>(array: T, needed: number): T {
  if (needed <= array.length) return array;
  const capacity = Math.max(needed, array.length + (array.length >> 2), 16);
  const Constructor = array.constructor as new (length: number) => T;
  const larger = new Constructor(capacity);
  larger.set(array);
  return larger;
}

/**
 * A list of integers per owner (a slot's tags, the bytes of its lexeme ids…) in one shared
 * pool: owner `o` holds `values[starts[o] .. starts[o] + lengths[o])`. A new list that fits in
 * its owner's old run is written there; otherwise it is appended and the old run becomes
 * garbage, which is squeezed out once it is half the pool.
 */
export class Runs<T extends Int32Array | Uint8Array> {
  starts = new Int32Array(16);
  lengths = new Int32Array(16);
  private owners = 0;
  private end = 0;
  private garbage = 0;

  constructor(public values: T) {}

  /** Replaces an owner's list. */
  set(owner: number, items: ArrayLike<number>): void {
    this.reserveOwner(owner);
    const old = this.lengths[owner];
    if (items.length <= old) {
      this.values.set(items, this.starts[owner]);
      this.garbage += old - items.length;
    } else {
      this.garbage += old;
      this.lengths[owner] = 0;
      if (this.garbage > 1024 && this.garbage * 2 > this.end) this.compact();
      this.values = withRoom(this.values, this.end + items.length);
      this.starts[owner] = this.end;
      this.values.set(items, this.end);
      this.end += items.length;
    }
    this.lengths[owner] = items.length;
  }

  /** An owner's list (a view: valid until the next `set`). */
  get(owner: number): T {
    const start = owner < this.owners ? this.starts[owner] : 0;
    const length = owner < this.owners ? this.lengths[owner] : 0;
    return this.values.subarray(start, start + length) as T;
  }

  private reserveOwner(owner: number): void {
    if (owner < this.owners) return;
    this.starts = withRoom(this.starts, owner + 1);
    this.lengths = withRoom(this.lengths, owner + 1);
    this.owners = owner + 1;
  }

  /** Copies the live runs, in owner order, to a pool without garbage. */
  private compact(): void {
    const live = this.end - this.garbage;
    const values = withRoom(this.values.subarray(0, 0) as T, live + (live >> 2));
    let end = 0;
    for (let owner = 0; owner < this.owners; owner += 1) {
      const start = this.starts[owner];
      const length = this.lengths[owner];
      values.set(this.values.subarray(start, start + length), end);
      this.starts[owner] = end;
      end += length;
    }
    this.values = values;
    this.end = end;
    this.garbage = 0;
  }
}

/**
 * Lists of codes, interned: every list with the same codes (in any order, a repeated code
 * kept) gets one id. A catalogue has few distinct lists of rights or of territories, so a slot
 * keeps one id, and a filter or a count is worked out once per list, not once per listing.
 */
export class InternedLists {
  /** The codes of each list id, ascending. */
  readonly codes = new Runs(new Int32Array(64));
  private readonly ids = new Map<string, number>();

  get count(): number {
    return this.ids.size;
  }

  id(codes: number[]): number {
    const sorted = Int32Array.from(codes).sort();
    const key = sorted.join(',');
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
      this.codes.set(id, sorted);
    }
    return id;
  }
}

/**
 * Ascending, distinct non-negative integers as variable-length deltas: 7 bits a byte, the
 * high bit set on all but a number's last byte. A listing's lexeme ids, mostly small and
 * close together, take one or two bytes each instead of four.
 */
export function encodeAscending(values: Int32Array): Uint8Array {
  const bytes = new Uint8Array(values.length * 5);
  let length = 0;
  let previous = -1;
  for (const value of values) {
    let delta = value - previous - 1;
    previous = value;
    while (delta >= 0x80) {
      bytes[length++] = (delta & 0x7f) | 0x80;
      delta >>>= 7;
    }
    bytes[length++] = delta;
  }
  return bytes.subarray(0, length);
}

export function decodeAscending(bytes: Uint8Array): Int32Array {
  let count = 0;
  for (const byte of bytes) if (byte < 0x80) count += 1;
  const values = new Int32Array(count);
  let previous = -1;
  let delta = 0;
  let shift = 0;
  let i = 0;
  for (const byte of bytes) {
    delta |= (byte & 0x7f) << shift;
    shift += 7;
    if (byte < 0x80) {
      previous += delta + 1;
      values[i++] = previous;
      delta = 0;
      shift = 0;
    }
  }
  return values;
}

/** Items added before the pending ones are merged in (bounds the work of one merge). */
const MERGE_AT = 4096;

/**
 * Integers kept in the order of `compare` (a strict total order: no two items tie), such as
 * the slots newest first. Items added wait in a pending list and are merged in when they are
 * read or when there are many of them: one merge moves each item once, so building an order
 * of a million items costs a few hundred merges instead of a million insertions.
 */
export class SortedInts {
  private sorted = new Int32Array(16);
  private count = 0;
  private pending: number[] = [];

  constructor(private readonly compare: (a: number, b: number) => number) {}

  /** The items in order (a view: valid until the next change). */
  get items(): Int32Array {
    this.merge();
    return this.sorted.subarray(0, this.count);
  }

  add(item: number): void {
    this.pending.push(item);
    if (this.pending.length >= MERGE_AT) this.merge();
  }

  /** Takes out an item, which must still compare as it did when it was added. */
  delete(item: number): void {
    const waiting = this.pending.indexOf(item);
    if (waiting >= 0) {
      this.pending.splice(waiting, 1);
      return;
    }
    let at = this.lowerBound(item, this.count);
    if (at >= this.count || this.sorted[at] !== item) {
      // Only if the item's keys changed since it was added: find it the slow way.
      at = this.sorted.subarray(0, this.count).indexOf(item);
    }
    if (at < 0) return;
    this.sorted.copyWithin(at, at + 1, this.count);
    this.count -= 1;
  }

  /** Keeps only the items `keep` accepts, in order. */
  retain(keep: (item: number) => boolean): void {
    this.pending = this.pending.filter(keep);
    let kept = 0;
    for (let i = 0; i < this.count; i += 1) {
      const item = this.sorted[i];
      if (keep(item)) this.sorted[kept++] = item;
    }
    this.count = kept;
  }

  /**
   * Merges the pending items in, from the last one back: each goes where a binary search
   * puts it, and the block of sorted items after it moves once, by the number of pending
   * items still before it.
   */
  private merge(): void {
    const k = this.pending.length;
    if (k === 0) return;
    const incoming = Int32Array.from(this.pending).sort(this.compare);
    this.pending = [];
    this.sorted = withRoom(this.sorted, this.count + k);
    let end = this.count;
    for (let j = k - 1; j >= 0; j -= 1) {
      const item = incoming[j];
      const at = this.lowerBound(item, end);
      this.sorted.copyWithin(at + j + 1, at, end);
      this.sorted[at + j] = item;
      end = at;
    }
    this.count += k;
  }

  /** The first position below `end` whose item does not come before `item`. */
  private lowerBound(item: number, end: number): number {
    let low = 0;
    let high = end;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(this.sorted[middle], item) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/**
 * For each key (a lexeme id), the slots that have it, ascending. Slots of removed listings are
 * left in place (the index skips dead slots anyway) and swept from a list once they are half
 * of it, so a removal costs no shifting of long lists.
 */
export class PostingLists {
  lists: Int32Array[] = [];
  lengths = new Int32Array(1024);
  private dead = new Int32Array(1024);

  addKey(): void {
    const key = this.lists.length;
    this.lists.push(new Int32Array(4));
    this.lengths = withRoom(this.lengths, key + 1);
    this.dead = withRoom(this.dead, key + 1);
  }

  add(key: number, slot: number): void {
    const length = this.lengths[key];
    const list = withRoom(this.lists[key], length + 1);
    this.lists[key] = list;
    // New listings take new, higher slots: almost every addition is an append.
    const at = length === 0 || list[length - 1] < slot ? length : lowerBound(list, length, slot);
    if (at < length && list[at] === slot) return;
    list.copyWithin(at + 1, at, length);
    list[at] = slot;
    this.lengths[key] = length + 1;
  }

  delete(key: number, slot: number): void {
    const length = this.lengths[key];
    const list = this.lists[key];
    const at = lowerBound(list, length, slot);
    if (at >= length || list[at] !== slot) return;
    list.copyWithin(at, at + 1, length);
    this.lengths[key] = length - 1;
  }

  /** Notes that one slot of a key's list has died; `alive` tells the live slots apart. */
  noteDead(key: number, alive: Uint8Array): void {
    this.dead[key] += 1;
    if (this.dead[key] * 2 <= this.lengths[key]) return;
    const list = this.lists[key];
    let kept = 0;
    for (let i = 0; i < this.lengths[key]; i += 1) {
      if (alive[list[i]] === 1) list[kept++] = list[i];
    }
    this.lengths[key] = kept;
    this.dead[key] = 0;
  }
}

/** The first position below `end` of an ascending list whose value is not below `value`. */
function lowerBound(list: Int32Array, end: number, value: number): number {
  let low = 0;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
