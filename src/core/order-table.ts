import { INT64_MAX } from './ids.ts';
import type { OrderStatus, StoredOrder } from './types.ts';

/** Up to 15 digits every decimal is a safe integer, so it round-trips through a double exactly. */
const SAFE_DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;
const STATUSES: readonly OrderStatus[] = ['pending', 'shipped', 'cancelled'];
const COMPLETE = 4;

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
  #ids = new Float64Array(16);
  #petIds = new Float64Array(16);
  #quantities = new Float64Array(16);
  #shipTimes = new Float64Array(16);
  /** Status index in the low bits, COMPLETE above them. */
  #flags = new Uint8Array(16);
  readonly #oddText = new Map<number, { id?: string; petId?: string; shipDate?: string }>();
  readonly #rows = new Map<number | string, number>();
  /** The largest id present, as text (ids are canonical int64 decimals). */
  #largest = '';
  /** Where the search for the first free id resumes: every id below it is taken. */
  #firstFreeFrom = 1;

  row(id: string): number | undefined {
    return this.#rows.get(idKey(id));
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
    if (row === this.#ids.length) this.#grow(row * 2);
    this.length++;
    const id = asSafeNumber(order.id);
    const petId = asSafeNumber(order.petId);
    this.#ids[row] = id;
    this.#petIds[row] = petId;
    this.#quantities[row] = order.quantity;
    if (Number.isNaN(id)) this.#odd(row).id = order.id;
    if (Number.isNaN(petId)) this.#odd(row).petId = order.petId;
    this.set(row, order.status, order.complete, order.shipDate);
    this.#rows.set(Number.isNaN(id) ? order.id : id, row);
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
    while (this.#rows.has(this.#firstFreeFrom)) this.#firstFreeFrom++;
    return Number.isSafeInteger(this.#firstFreeFrom) ? String(this.#firstFreeFrom) : undefined;
  }

  /** A copy to restore on reset (the typed arrays are copied, not shared). */
  clone(): OrderTable {
    const copy = new OrderTable();
    copy.length = this.length;
    copy.#ids = this.#ids.slice();
    copy.#petIds = this.#petIds.slice();
    copy.#quantities = this.#quantities.slice();
    copy.#shipTimes = this.#shipTimes.slice();
    copy.#flags = this.#flags.slice();
    for (const [row, odd] of this.#oddText) copy.#oddText.set(row, { ...odd });
    for (const [key, row] of this.#rows) copy.#rows.set(key, row);
    copy.#largest = this.#largest;
    return copy;
  }

  /** Gives back the memory the doubling reserved beyond the rows (after the seed is loaded). */
  trim(): void {
    this.#grow(Math.max(this.length, 16));
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
