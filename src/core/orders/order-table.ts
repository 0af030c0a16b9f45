import type { OrderStatus, StoredOrder } from '../types.ts';
import { INT64_MAX } from './ids.ts';
import { COMPLETE_FLAG as COMPLETE, type OrderColumns, ORDER_STATUSES as STATUSES } from './order-columns.ts';

/** Up to 15 digits every decimal is a safe integer, so it round-trips through a double exactly. */
const SAFE_DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;

interface SeedState {
  readonly length: number;
  readonly flags: Uint8Array;
  readonly shipTimes: Float64Array;
  readonly oddShipDates: ReadonlyMap<number, string>;
  readonly largest: string;
}

/** A number when the text is a canonical decimal that a double holds exactly, else NaN. */
function asSafeNumber(text: string): number {
  return SAFE_DECIMAL.test(text) ? Number(text) : Number.NaN;
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

/**
 * The orders as columns: numbers in typed arrays, the rare value that does not fit one (an id beyond 2^53, a
 * ship date not in `toISOString()` form) beside them by row, and an index from id to row. About 40 bytes an
 * order instead of an object with three strings (docs/performance.md).
 */
export class OrderTable {
  length = 0;
  #ids: Float64Array = new Float64Array(16);
  #petIds: Float64Array = new Float64Array(16);
  #quantities: Float64Array = new Float64Array(16);
  #shipTimes: Float64Array = new Float64Array(16);
  /** Status index in the low bits, COMPLETE above them. */
  #flags: Uint8Array = new Uint8Array(16);
  readonly #oddText = new Map<number, { id?: string; petId?: string; shipDate?: string }>();
  /** Row by id key, for the orders whose id is not their row + 1 (generated seeds need no entry at all). */
  readonly #rows = new Map<number | string, number>();
  /** The largest id present, as text (ids are canonical int64 decimals). */
  #largest = '';
  /** Where the search for the first free id resumes: every id below it is taken. */
  #firstFreeFrom = 1;
  #seed: SeedState = {
    length: 0,
    flags: new Uint8Array(0),
    shipTimes: new Float64Array(0),
    oddShipDates: new Map(),
    largest: '',
  };

  /**
   * A table over seed columns, with no object per order; undefined when they do not fit one
   * (`columns.fitsTable()`). Ids, pet ids and
   * quantities never change, so the table reads the columns' own arrays; statuses and ship dates do, so it
   * changes copies and keeps the columns' arrays as the seed that `reset` returns to. The columns stay as
   * they were: other tables (a session's, a reloaded mock's) may load them too.
   */
  static fromColumns(columns: OrderColumns): OrderTable | undefined {
    if (!columns.fitsTable()) return undefined;
    const table = new OrderTable();
    const { length } = columns;
    table.length = length;
    // Exactly `length` long: the first append grows (copies) them instead of writing into shared arrays.
    table.#ids = columns.ids.subarray(0, length);
    table.#petIds = columns.petIds.subarray(0, length);
    table.#quantities = columns.quantities.subarray(0, length);
    table.#flags = columns.flags.slice(0, length);
    table.#shipTimes = columns.shipTimes.slice(0, length);
    table.#largest = length === 0 ? '' : String(length);
    table.#seed = {
      length,
      flags: columns.flags.subarray(0, length),
      shipTimes: columns.shipTimes.subarray(0, length),
      oddShipDates: new Map(),
      largest: table.#largest,
    };
    return table;
  }

  row(id: string): number | undefined {
    const key = idKey(id);
    // Ids 1..n in rows 0..n-1 (generated seeds, most fixtures) are found without the index.
    if (typeof key === 'number' && key >= 1 && key <= this.length && this.#ids[key - 1] === key)
      return key - 1;
    return this.#rows.get(key);
  }

  get(row: number): StoredOrder {
    const odd = this.#oddText.get(row);
    const flags = this.#flags[row] as number;
    return {
      id: odd?.id ?? String(this.#ids[row]),
      petId: odd?.petId ?? String(this.#petIds[row]),
      quantity: this.#quantities[row] as number,
      shipDate: odd?.shipDate ?? new Date(this.#shipTimes[row] as number).toISOString(),
      complete: (flags & COMPLETE) !== 0,
      status: STATUSES[flags & 3] as OrderStatus,
    };
  }

  status(row: number): OrderStatus {
    return STATUSES[(this.#flags[row] as number) & 3] as OrderStatus;
  }

  /** Appends an order whose id is not present yet; returns its row. */
  append(order: StoredOrder): number {
    const row = this.length;
    // A quarter more each time: amortised O(1), and a create at a million orders does not double the columns.
    if (row === this.#ids.length) this.#grow(row + Math.max(row >> 2, 16));
    this.length++;
    const id = asSafeNumber(order.id);
    const petId = asSafeNumber(order.petId);
    this.#ids[row] = id;
    this.#petIds[row] = petId;
    this.#quantities[row] = order.quantity;
    if (Number.isNaN(id)) this.#odd(row).id = order.id;
    if (Number.isNaN(petId)) this.#odd(row).petId = order.petId;
    this.set(row, order.status, order.complete, order.shipDate);
    if (id !== row + 1) this.#rows.set(Number.isNaN(id) ? order.id : id, row);
    if (this.#largest === '' || isLarger(order.id, this.#largest)) this.#largest = order.id;
    return row;
  }

  set(row: number, status: OrderStatus, complete: boolean, shipDate: string): void {
    this.#flags[row] = STATUSES.indexOf(status) | (complete ? COMPLETE : 0);
    const time = Date.parse(shipDate);
    // Kept as a number only when it prints back to the very same text.
    const canonical = !Number.isNaN(time) && new Date(time).toISOString() === shipDate;
    this.#shipTimes[row] = canonical ? time : Number.NaN;
    const odd = this.#oddText.get(row);
    if (!canonical) this.#odd(row).shipDate = shipDate;
    else if (odd?.shipDate !== undefined) delete odd.shipDate;
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
   * Remembers the current orders as the seed, so that `reset` can come back to them. Only what changes is
   * copied (statuses and ship dates): ids, pet ids and quantities never change, and created orders come after.
   */
  markSeed(): void {
    this.#grow(Math.max(this.length, 16));
    this.#seed = {
      length: this.length,
      flags: this.#flags.slice(0, this.length),
      shipTimes: this.#shipTimes.slice(0, this.length),
      oddShipDates: new Map(
        [...this.#oddText].flatMap(([row, odd]) => (odd.shipDate ? [[row, odd.shipDate]] : [])),
      ),
      largest: this.#largest,
    };
  }

  /** Back to the orders given to `markSeed`; costs what was created or changed since, plus a copy of two columns. */
  reset(): void {
    const seed = this.#seed;
    for (let row = seed.length; row < this.length; row++) {
      this.#rows.delete(this.#key(row));
      this.#oddText.delete(row);
    }
    this.length = seed.length;
    this.#flags.set(seed.flags);
    this.#shipTimes.set(seed.shipTimes);
    for (const [row, odd] of this.#oddText) {
      const shipDate = seed.oddShipDates.get(row);
      if (shipDate === undefined) delete odd.shipDate;
      else odd.shipDate = shipDate;
    }
    for (const [row, shipDate] of seed.oddShipDates) this.#odd(row).shipDate = shipDate;
    this.#largest = seed.largest;
    this.#firstFreeFrom = 1;
  }

  #key(row: number): number | string {
    const id = this.#ids[row] as number;
    return Number.isNaN(id) ? (this.#oddText.get(row)?.id as string) : id;
  }

  #grow(capacity: number): void {
    const grow = <T extends Float64Array | Uint8Array>(old: T, fresh: T): T => {
      fresh.set(old.subarray(0, Math.min(old.length, capacity)));
      return fresh;
    };
    this.#ids = grow(this.#ids, new Float64Array(capacity));
    this.#petIds = grow(this.#petIds, new Float64Array(capacity));
    this.#quantities = grow(this.#quantities, new Float64Array(capacity));
    this.#shipTimes = grow(this.#shipTimes, new Float64Array(capacity));
    this.#flags = grow(this.#flags, new Uint8Array(capacity));
  }

  #odd(row: number): { id?: string; petId?: string; shipDate?: string } {
    const odd = this.#oddText.get(row) ?? {};
    this.#oddText.set(row, odd);
    return odd;
  }
}

/** Adds one to a canonical decimal: digits, no BigInt, no rounding. */
function increment(decimal: string): string {
  let end = decimal.length - 1;
  while (end >= 0 && decimal[end] === '9') end--;
  if (end < 0) return `1${'0'.repeat(decimal.length)}`;
  return `${decimal.slice(0, end)}${Number(decimal[end]) + 1}${'0'.repeat(decimal.length - end - 1)}`;
}
