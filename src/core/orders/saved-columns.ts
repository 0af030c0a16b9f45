import { COMPLETE_FLAG, OrderColumns } from './order-columns.ts';

/**
 * A store that takes saved orders as columns (the in-memory one): `replace()` without an object per order.
 * Without it, the columns are turned into orders for `replace()`.
 */
export interface TakesColumns {
  replaceColumns(columns: OrderColumns): Promise<void>;
}

export function takesColumns(store: object): store is TakesColumns {
  return typeof (store as Partial<TakesColumns>).replaceColumns === 'function';
}

const STATUS_INDEX: Readonly<Record<string, number>> = { pending: 0, shipped: 1, cancelled: 2 };
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** The separators of `2026-09-04T00:00:00.000Z`: position, character code, position, … */
const SEPARATORS = [
  4, 45 /* - */, 7, 45 /* - */, 10, 84 /* T */, 13, 58 /* : */, 16, 58 /* : */, 19, 46 /* . */, 23,
  90 /* Z */,
];

/**
 * The saved orders of a state document as columns, read in one pass with no object per order, when every
 * order is exactly as `GET /__mock/state` writes it for a store of ids 1..n: the six fields and nothing else,
 * id n at position n-1, numeric ids and quantities, a ship date in `toISOString()` form, and `complete`
 * exactly when shipped. Anything else (a field left out, an id as a string, another date form, a mistake)
 * gives undefined, and the caller takes the path that checks each order and names the faulty one; what this
 * accepts, that path accepts too.
 */
export function savedOrderColumns(orders: unknown): OrderColumns | undefined {
  if (!Array.isArray(orders)) return undefined;
  const columns = new OrderColumns(orders.length);
  const { ids, petIds, quantities, shipTimes, flags } = columns;
  for (let row = 0; row < orders.length; row++) {
    const order = orders[row] as Record<string, unknown> | null;
    if (typeof order !== 'object' || order === null || fieldCount(order) !== 6) return undefined;
    const { id, petId, quantity, shipDate, complete, status } = order;
    const statusIndex = typeof status === 'string' ? STATUS_INDEX[status] : undefined;
    if (
      id !== row + 1 ||
      typeof petId !== 'number' ||
      !Number.isSafeInteger(petId) ||
      petId < 0 ||
      typeof quantity !== 'number' ||
      !Number.isSafeInteger(quantity) ||
      quantity < 1 ||
      statusIndex === undefined ||
      complete !== (statusIndex === 1)
    ) {
      return undefined;
    }
    const time = typeof shipDate === 'string' ? canonicalIsoTime(shipDate) : Number.NaN;
    if (Number.isNaN(time)) return undefined;
    ids[row] = id;
    petIds[row] = petId;
    quantities[row] = quantity;
    shipTimes[row] = time;
    flags[row] = statusIndex | (complete ? COMPLETE_FLAG : 0);
  }
  return columns;
}

/** Own enumerable fields, without an array of their names (a parsed JSON object has no inherited ones). */
function fieldCount(value: object): number {
  let count = 0;
  for (const _ in value) count++;
  return count;
}

/**
 * The time of a date in exactly `toISOString()`'s form for years 0100 to 9999 (`2026-09-04T00:00:00.000Z`),
 * else NaN: what prints back as the same text, checked digit by digit instead of parsing and printing it.
 */
export function canonicalIsoTime(text: string): number {
  return text.length === 24 ? canonicalIsoTimeAt(text, 0) : Number.NaN;
}

/** canonicalIsoTime of the 24 characters of `text` from `at` (a saved state's text, read in place). */
export function canonicalIsoTimeAt(text: string, at: number): number {
  if (at + 24 > text.length) return Number.NaN;
  for (let i = 0; i < SEPARATORS.length; i += 2) {
    if (text.charCodeAt(at + (SEPARATORS[i] as number)) !== SEPARATORS[i + 1]) return Number.NaN;
  }
  const year = digits(text, at, 4);
  const month = digits(text, at + 5, 2);
  const day = digits(text, at + 8, 2);
  const hour = digits(text, at + 11, 2);
  const minute = digits(text, at + 14, 2);
  const second = digits(text, at + 17, 2);
  const millisecond = digits(text, at + 20, 3);
  // Date.UTC reads years below 100 as 19xx; those dates take the slow path.
  if (!(year >= 100 && month >= 1 && month <= 12 && day >= 1)) return Number.NaN;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number))) return Number.NaN;
  if (!(hour < 24 && minute < 60 && second < 60 && millisecond >= 0)) return Number.NaN;
  return Date.UTC(year, month - 1, day, hour, minute, second, millisecond);
}

/** The decimal of `length` digits at `start`, or NaN when one is not a digit. */
function digits(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return Number.NaN;
    value = value * 10 + digit;
  }
  return value;
}
