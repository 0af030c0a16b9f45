import type { OrderStatus, StoredOrder } from '../types.ts';
import { INT64_MAX, isCanonicalDecimal } from './ids.ts';
import { putOrderJson } from './order-bytes.ts';
import { COMPLETE_FLAG as COMPLETE, type OrderColumns, ORDER_STATUSES as STATUSES } from './order-columns.ts';
import { CHUNK_ROWS, CHUNK_SHIFT, type SeedTable, seedTable, type TextOf } from './seed-table.ts';

/** A number when the text is a canonical decimal that a double holds exactly, else NaN. */
function asSafeNumber(text: string): number {
  // Up to 15 digits every decimal is a safe integer, so it round-trips through a double exactly.
  return isCanonicalDecimal(text, 15) ? Number(text) : Number.NaN;
}

/** How an id is keyed in the index: its number where safe (no string per key), else its text. */
export function idKey(id: string): number | string {
  const number = asSafeNumber(id);
  return Number.isNaN(number) ? id : number;
}

/** Equal-length decimal strings compare like the numbers they spell; a longer canonical one is larger. */
function isLarger(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}

/** Rows appended since the seed: their numbers, growable (what never changes of an order, plus its row). */
class Tail {
  ids = new Float64Array(0);
  petIds = new Float64Array(0);
  quantities = new Float64Array(0);

  ensure(size: number): void {
    if (size <= this.ids.length) return;
    // A quarter more each time: amortised O(1), and a create at a million orders does not double anything.
    const capacity = Math.max(size, this.ids.length + (this.ids.length >> 2), 16);
    const grow = (old: Float64Array) => {
      const fresh = new Float64Array(capacity);
      fresh.set(old);
      return fresh;
    };
    this.ids = grow(this.ids);
    this.petIds = grow(this.petIds);
    this.quantities = grow(this.quantities);
  }
}

/**
 * The orders as columns (about 40 bytes an order instead of an object with three strings, docs/performance.md)
 * over a seed that is never written (seed-table.ts): statuses and ship dates live in chunks of CHUNK_ROWS
 * rows, shared with the seed until a row of the chunk changes, when this table copies that one chunk. A
 * session's table forked from the mock's seed therefore costs nothing until it changes an order, and its first
 * change costs one chunk, whatever the seed's size; `reset()` drops the copies.
 */
export class OrderTable {
  length = 0;
  #seed: SeedTable;
  #tail = new Tail();
  #flags: Uint8Array[];
  #shipTimes: Float64Array[];
  /** Which chunks are this table's own copies (the others are the seed's, read-only). */
  #owned: boolean[] = [];
  #ownedCount = 0;
  /** The texts of rows changed or appended since the seed (an entry replaces the seed's for its row). */
  readonly #text = new Map<number, TextOf>();
  /** Row by id key for appended rows whose id is not their row + 1. */
  readonly #rows = new Map<number | string, number>();
  /** The largest id present, as text (ids are canonical int64 decimals). */
  #largest: string;
  /** Where the search for the first free id resumes: every id below it is taken. */
  #firstFreeFrom = 1;

  constructor(seed: SeedTable = seedTable()) {
    this.#seed = seed;
    this.length = seed.length;
    this.#flags = [...seed.flags];
    this.#shipTimes = [...seed.shipTimes];
    this.#largest = seed.largest;
  }

  /**
   * A table over seed columns as they are, with no object per order; undefined when they do not fit one
   * (`columns.fitsTable()`). The columns are never written: other tables (a session's, a reloaded mock's)
   * may load them too.
   */
  static fromColumns(columns: OrderColumns): OrderTable | undefined {
    if (!columns.fitsTable()) return undefined;
    return new OrderTable(seedTable(columns));
  }

  /** A table on the same seed, sharing every chunk with it until it changes one (a session's orders). */
  forkSeed(): OrderTable {
    return new OrderTable(this.#seed);
  }

  /** The seed this table started from and `reset()` returns to: it holds the rendering shared by its tables. */
  get seed(): SeedTable {
    return this.#seed;
  }

  /** Whether chunk `chunk` is this table's own copy; false while it is the seed's. */
  ownsChunk(chunk: number): boolean {
    return this.#owned[chunk] === true;
  }

  /** How many chunks this table has copied from its seed or added (created orders). */
  get ownedChunks(): number {
    return this.#ownedCount;
  }

  row(id: string): number | undefined {
    const key = idKey(id);
    // Ids 1..n in rows 0..n-1 (generated seeds, most fixtures) are found without the index.
    if (typeof key === 'number' && key >= 1 && key <= this.length && this.#id(key - 1) === key) {
      return key - 1;
    }
    return this.#rows.get(key) ?? this.#seed.rows.get(key);
  }

  get(row: number): StoredOrder {
    const text = this.#textOf(row);
    const chunk = row >> CHUNK_SHIFT;
    const at = row & (CHUNK_ROWS - 1);
    const flags = (this.#flags[chunk] as Uint8Array)[at] as number;
    const seeded = row < this.#seed.length;
    return {
      id: text?.id ?? String(this.#id(row)),
      petId:
        text?.petId ?? String(seeded ? this.#seed.petIds[row] : this.#tail.petIds[row - this.#seed.length]),
      quantity: (seeded
        ? this.#seed.quantities[row]
        : this.#tail.quantities[row - this.#seed.length]) as number,
      shipDate:
        text?.shipDate ?? new Date((this.#shipTimes[chunk] as Float64Array)[at] as number).toISOString(),
      complete: (flags & COMPLETE) !== 0,
      status: STATUSES[flags & 3] as OrderStatus,
    };
  }

  /**
   * Writes the row's JSON as `,{…}` straight from the columns (order-bytes.ts) and returns the end, or -1
   * when the row has a text beside its numbers (a long id, an odd ship date): `get()` writes those.
   */
  putJson(row: number, into: Uint8Array, at: number, withStatus: boolean): number {
    if (this.#textOf(row) !== undefined) return -1;
    const chunk = row >> CHUNK_SHIFT;
    const inChunk = row & (CHUNK_ROWS - 1);
    const seedLength = this.#seed.length;
    const seeded = row < seedLength;
    return putOrderJson(
      into,
      at,
      this.#id(row),
      (seeded ? this.#seed.petIds[row] : this.#tail.petIds[row - seedLength]) as number,
      (seeded ? this.#seed.quantities[row] : this.#tail.quantities[row - seedLength]) as number,
      (this.#shipTimes[chunk] as Float64Array)[inChunk] as number,
      (this.#flags[chunk] as Uint8Array)[inChunk] as number,
      withStatus,
    );
  }

  status(row: number): OrderStatus {
    const flags = (this.#flags[row >> CHUNK_SHIFT] as Uint8Array)[row & (CHUNK_ROWS - 1)] as number;
    return STATUSES[flags & 3] as OrderStatus;
  }

  /** Appends an order whose id is not present yet; returns its row. */
  append(order: StoredOrder): number {
    const row = this.length;
    const tailRow = row - this.#seed.length;
    this.#tail.ensure(tailRow + 1);
    this.length++;
    const id = asSafeNumber(order.id);
    const petId = asSafeNumber(order.petId);
    this.#tail.ids[tailRow] = id;
    this.#tail.petIds[tailRow] = petId;
    this.#tail.quantities[tailRow] = order.quantity;
    if (Number.isNaN(id) || Number.isNaN(petId)) {
      this.#text.set(row, {
        ...(Number.isNaN(id) ? { id: order.id } : {}),
        ...(Number.isNaN(petId) ? { petId: order.petId } : {}),
      });
    }
    this.set(row, order.status, order.complete, order.shipDate);
    if (id !== row + 1) this.#rows.set(Number.isNaN(id) ? order.id : id, row);
    if (this.#largest === '' || isLarger(order.id, this.#largest)) this.#largest = order.id;
    return row;
  }

  /** Only the status changes (a cancel): the ship date and `complete` stay as they are, unparsed. */
  setStatus(row: number, status: OrderStatus): void {
    const chunk = this.#own(row >> CHUNK_SHIFT);
    const flags = this.#flags[chunk] as Uint8Array;
    const at = row & (CHUNK_ROWS - 1);
    flags[at] = ((flags[at] as number) & ~3) | STATUSES.indexOf(status);
  }

  set(row: number, status: OrderStatus, complete: boolean, shipDate: string): void {
    const chunk = this.#own(row >> CHUNK_SHIFT);
    const at = row & (CHUNK_ROWS - 1);
    (this.#flags[chunk] as Uint8Array)[at] = STATUSES.indexOf(status) | (complete ? COMPLETE : 0);
    const time = Date.parse(shipDate);
    // Kept as a number only when it prints back to the very same text.
    const canonical = !Number.isNaN(time) && new Date(time).toISOString() === shipDate;
    (this.#shipTimes[chunk] as Float64Array)[at] = canonical ? time : Number.NaN;
    const text = this.#textOf(row);
    if (!canonical) this.#text.set(row, { ...text, shipDate });
    else if (text?.shipDate !== undefined) {
      // An entry without the ship date hides the seed's odd one.
      const { shipDate: _odd, ...rest } = text;
      this.#text.set(row, rest);
    }
  }

  /**
   * The id for an order created without one: the one after the largest while that stays within int64,
   * else the first free id from 1 (docs/decisions.md). O(1): no scan of the ids.
   */
  nextId(): string | undefined {
    if (this.#largest === '') return '1';
    if (this.#largest !== INT64_MAX) return increment(this.#largest);
    // Amortised O(1): the search never goes back, since ids are never freed (a cancelled order keeps its id).
    while (this.row(String(this.#firstFreeFrom)) !== undefined) this.#firstFreeFrom++;
    return Number.isSafeInteger(this.#firstFreeFrom) ? String(this.#firstFreeFrom) : undefined;
  }

  /**
   * Makes the current orders the seed that `reset` comes back to (a store does it once it has appended its
   * first orders): appended rows join the seed's columns, and every chunk becomes the seed's, copied on the
   * next change.
   */
  markSeed(): void {
    const seed = this.#seed;
    const extra = this.length - seed.length;
    const join = (seeded: Float64Array, tail: Float64Array) => {
      if (extra === 0) return seeded;
      const joined = new Float64Array(this.length);
      joined.set(seeded.subarray(0, seed.length));
      joined.set(tail.subarray(0, extra), seed.length);
      return joined;
    };
    const text = new Map(seed.text);
    for (const [row, value] of this.#text) {
      if (Object.keys(value).length === 0) text.delete(row);
      else text.set(row, value);
    }
    this.#seed = seedTable({
      length: this.length,
      ids: join(seed.ids, this.#tail.ids),
      petIds: join(seed.petIds, this.#tail.petIds),
      quantities: join(seed.quantities, this.#tail.quantities),
      flags: this.#flags,
      shipTimes: this.#shipTimes,
      text,
      rows: this.#rows.size === 0 ? seed.rows : new Map([...seed.rows, ...this.#rows]),
      largest: this.#largest,
    });
    this.reset();
  }

  /** Back to the seed: drops the copied chunks and what was created; costs the number of chunks. */
  reset(): void {
    const seed = this.#seed;
    this.length = seed.length;
    this.#tail = new Tail();
    this.#flags = [...seed.flags];
    this.#shipTimes = [...seed.shipTimes];
    this.#owned = [];
    this.#ownedCount = 0;
    this.#text.clear();
    this.#rows.clear();
    this.#largest = seed.largest;
    this.#firstFreeFrom = 1;
  }

  /**
   * Whether an id or pet id is beyond 2^53: a saved state writes those as strings, where the admin list
   * writes every id as digits. Costs the rows with texts (few: long ids and odd ship dates).
   */
  hasUnsafeIds(): boolean {
    const unsafe = (text: TextOf) =>
      (text.id !== undefined && !Number.isSafeInteger(Number(text.id))) ||
      (text.petId !== undefined && !Number.isSafeInteger(Number(text.petId)));
    for (const text of this.#text.values()) if (unsafe(text)) return true;
    for (const [row, text] of this.#seed.text) if (!this.#text.has(row) && unsafe(text)) return true;
    return false;
  }

  #id(row: number): number {
    return (
      row < this.#seed.length ? this.#seed.ids[row] : this.#tail.ids[row - this.#seed.length]
    ) as number;
  }

  #textOf(row: number): TextOf | undefined {
    return this.#text.get(row) ?? (row < this.#seed.length ? this.#seed.text.get(row) : undefined);
  }

  /** Makes chunk `chunk` this table's own (a copy of the seed's, or a new one for appended rows). */
  #own(chunk: number): number {
    if (this.#owned[chunk]) return chunk;
    const flags = new Uint8Array(CHUNK_ROWS);
    const shipTimes = new Float64Array(CHUNK_ROWS);
    const seededFlags = this.#flags[chunk];
    if (seededFlags !== undefined) {
      flags.set(seededFlags);
      shipTimes.set(this.#shipTimes[chunk] as Float64Array);
    }
    this.#flags[chunk] = flags;
    this.#shipTimes[chunk] = shipTimes;
    this.#owned[chunk] = true;
    this.#ownedCount++;
    return chunk;
  }
}

/** Adds one to a canonical decimal: digits, no BigInt, no rounding. */
function increment(decimal: string): string {
  let end = decimal.length - 1;
  while (end >= 0 && decimal[end] === '9') end--;
  if (end < 0) return `1${'0'.repeat(decimal.length)}`;
  return `${decimal.slice(0, end)}${Number(decimal[end]) + 1}${'0'.repeat(decimal.length - end - 1)}`;
}
