import type { OrderStatus, StoredOrder } from '../types.ts';
import type { OrderSeed } from './order-input.ts';

/** A status is stored as its index here, in the low bits of a flags byte (OrderTable keeps the same). */
export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'shipped', 'cancelled'];
/** The flags bit of a complete order, above the status index. */
export const COMPLETE_FLAG = 4;

/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the times `toISOString()` prints in canonical form. */
const FIRST_ISO_TIME = -62_167_219_200_000;
const LAST_ISO_TIME = 253_402_300_799_999;

/** The typed arrays of an OrderColumns, as a worker posts them (their buffers transferred, not copied). */
export interface OrderColumnArrays {
  readonly ids: Float64Array;
  readonly petIds: Float64Array;
  readonly quantities: Float64Array;
  /** Ship dates as milliseconds since the epoch. */
  readonly shipTimes: Float64Array;
  /** Status index | COMPLETE_FLAG. */
  readonly flags: Uint8Array;
}

/**
 * Seed orders as columns: a few typed arrays and no object per order, so a large generated seed loads into
 * the store without growing the heap (docs/performance.md, "Seeds as columns"). It is also an
 * `Iterable<OrderSeed>`, so whatever reads `MockApiOptions.orders` one seed at a time works unchanged.
 */
export class OrderColumns implements Iterable<OrderSeed>, OrderColumnArrays {
  readonly ids: Float64Array;
  readonly petIds: Float64Array;
  readonly quantities: Float64Array;
  readonly shipTimes: Float64Array;
  readonly flags: Uint8Array;

  /** Zero-filled columns for `length` orders, or the arrays given (each exactly `length` long). */
  constructor(
    readonly length: number,
    arrays?: OrderColumnArrays,
  ) {
    this.ids = arrays?.ids ?? new Float64Array(length);
    this.petIds = arrays?.petIds ?? new Float64Array(length);
    this.quantities = arrays?.quantities ?? new Float64Array(length);
    this.shipTimes = arrays?.shipTimes ?? new Float64Array(length);
    this.flags = arrays?.flags ?? new Uint8Array(length);
    const columns = [this.ids, this.petIds, this.quantities, this.shipTimes, this.flags];
    if (columns.some((column) => column.length !== length)) {
      throw new RangeError(`every order column must hold exactly ${length} entries`);
    }
  }

  /** The buffers to list in `postMessage`'s transfer list. */
  buffers(): ArrayBuffer[] {
    // Typed arrays stay non-generic in this file: its declarations must read under TypeScript 5.4 too.
    const columns = [this.ids, this.petIds, this.quantities, this.shipTimes, this.flags];
    return columns.map((column) => column.buffer as ArrayBuffer);
  }

  /**
   * Whether a store may take the columns as they are: ids 1..length in order (so no index and no duplicate),
   * safe-integer pet ids, whole quantities of at least 1, ship times that print as canonical ISO dates, and
   * valid flags (complete exactly when shipped, as `parseOrderSeed` requires). Anything else takes the
   * object path, which names the faulty entry.
   */
  fitsTable(): boolean {
    for (let row = 0; row < this.length; row++) {
      const petId = this.petIds[row] as number;
      const quantity = this.quantities[row] as number;
      const time = this.shipTimes[row] as number;
      const flags = this.flags[row] as number;
      const status = flags & ~COMPLETE_FLAG;
      if (
        this.ids[row] !== row + 1 ||
        !Number.isSafeInteger(petId) ||
        petId < 0 ||
        !Number.isSafeInteger(quantity) ||
        quantity < 1 ||
        !(time >= FIRST_ISO_TIME && time <= LAST_ISO_TIME) ||
        status > 2 ||
        (flags & COMPLETE_FLAG) !== (status === 1 ? COMPLETE_FLAG : 0)
      ) {
        return false;
      }
    }
    return true;
  }

  *[Symbol.iterator](): Iterator<OrderSeed> {
    for (let row = 0; row < this.length; row++) {
      const flags = this.flags[row] as number;
      // The generator's key order, so that JSON of the iterated seeds is the generator's own.
      yield {
        id: this.ids[row] as number,
        petId: this.petIds[row] as number,
        quantity: this.quantities[row] as number,
        shipDate: new Date(this.shipTimes[row] as number).toISOString(),
        complete: (flags & COMPLETE_FLAG) !== 0,
        status: ORDER_STATUSES[flags & 3] as OrderStatus,
      };
    }
  }
}

/** The columns as stored orders (ids as text), for a store that takes no columns. */
export function storedOrders(columns: OrderColumns): StoredOrder[] {
  return Array.from(
    columns,
    (order) => ({ ...order, id: String(order.id), petId: String(order.petId) }) as StoredOrder,
  );
}
