import { COMPLETE_FLAG, OrderColumns } from './order-columns.ts';
import { canonicalIsoTimeAt } from './saved-columns.ts';

const ORDER_ID = '{"id":';
const PET_ID = ',"petId":';
const QUANTITY = ',"quantity":';
const SHIP_DATE = ',"shipDate":"';
const COMPLETE = '","complete":';
const STATUS = ',"status":"';
const STATUSES = ['pending"}', 'shipped"}', 'cancelled"}'] as const;
const SHIPPED = 1;

/** The shortest order text: one-digit numbers and the shortest status; bounds how many orders a text holds. */
const SHORTEST_ORDER =
  `${ORDER_ID}1${PET_ID}0${QUANTITY}1${SHIP_DATE}${'0'.repeat(24)}${COMPLETE}true${STATUS}${STATUSES[0]}`
    .length;
/** A canonical decimal of up to 16 digits: beyond that no safe integer, and the fallback names the mistake. */
const MAX_DIGITS = 16;

/** Where a saved state's orders array ends, and the orders it held. */
export interface SavedOrdersText {
  readonly columns: OrderColumns;
  /** The index just after the array's closing `]`. */
  readonly end: number;
}

/**
 * Reads the JSON array at `start` of `text` straight into columns, with no parse into an object per order,
 * when every order is written exactly as `GET /__mock/state` writes it (its key order, no whitespace, digits
 * only) and would pass `savedOrderColumns` (ids 1..n in order, safe pet ids and quantities, canonical ship
 * dates, `complete` exactly when shipped). Anything else gives undefined, and the caller parses the text as
 * JSON and takes the path that names the faulty order: what this reads, that path reads the same.
 */
export function savedOrdersText(text: string, start: number): SavedOrdersText | undefined {
  if (text.charCodeAt(start) !== 91 /* [ */) return undefined;
  const capacity = Math.floor((text.length - start) / (SHORTEST_ORDER + 1)) + 1;
  const ids = new Float64Array(capacity);
  const petIds = new Float64Array(capacity);
  const quantities = new Float64Array(capacity);
  const shipTimes = new Float64Array(capacity);
  const flags = new Uint8Array(capacity);
  let at = start + 1;
  let count = 0;
  if (text.charCodeAt(at) !== 93 /* ] */) {
    for (;;) {
      if (!text.startsWith(ORDER_ID, at)) return undefined;
      at = readDecimal(text, at + ORDER_ID.length);
      if (number !== count + 1 || !text.startsWith(PET_ID, at)) return undefined;
      ids[count] = number;
      at = readDecimal(text, at + PET_ID.length);
      if (Number.isNaN(number) || !text.startsWith(QUANTITY, at)) return undefined;
      petIds[count] = number;
      at = readDecimal(text, at + QUANTITY.length);
      if (!(number >= 1) || !text.startsWith(SHIP_DATE, at)) return undefined;
      quantities[count] = number;
      at += SHIP_DATE.length;
      const time = canonicalIsoTimeAt(text, at);
      at += 24;
      if (Number.isNaN(time) || !text.startsWith(COMPLETE, at)) return undefined;
      shipTimes[count] = time;
      at += COMPLETE.length;
      const complete = text.startsWith('true', at);
      if (!complete && !text.startsWith('false', at)) return undefined;
      at += complete ? 4 : 5;
      if (!text.startsWith(STATUS, at)) return undefined;
      at += STATUS.length;
      const status = STATUSES.findIndex((word) => text.startsWith(word, at));
      if (status < 0 || complete !== (status === SHIPPED)) return undefined;
      at += (STATUSES[status] as string).length;
      flags[count] = status | (complete ? COMPLETE_FLAG : 0);
      count++;
      const next = text.charCodeAt(at);
      if (next === 93 /* ] */) break;
      if (next !== 44 /* , */) return undefined;
      at++;
    }
  }
  const columns = new OrderColumns(count, {
    ids: ids.slice(0, count),
    petIds: petIds.slice(0, count),
    quantities: quantities.slice(0, count),
    shipTimes: shipTimes.slice(0, count),
    flags: flags.slice(0, count),
  });
  return { columns, end: at + 1 };
}

/** What the last readDecimal read: a safe integer, or NaN. A module variable, so that no pair is allocated. */
let number = Number.NaN;

/** Reads a canonical JSON decimal (digits, no leading zero) at `at` into `number`; returns where it ends. */
function readDecimal(text: string, at: number): number {
  let value = 0;
  let end = at;
  while (end - at <= MAX_DIGITS) {
    const digit = text.charCodeAt(end) - 48;
    if (!(digit >= 0 && digit <= 9)) break;
    value = value * 10 + digit;
    end++;
  }
  const canonical = end > at && end - at <= MAX_DIGITS && (text.charCodeAt(at) !== 48 || end === at + 1);
  number = canonical && Number.isSafeInteger(value) ? value : Number.NaN;
  return end;
}
