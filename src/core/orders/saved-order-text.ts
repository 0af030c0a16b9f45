import { COMPLETE_FLAG, ORDER_STATUSES, type OrderColumnArrays, OrderColumns } from './order-columns.ts';
import { ORDER_KEYS } from './order-json.ts';
import { canonicalIsoTimeAt } from './saved-columns.ts';
import { CHUNK_ROWS } from './seed-table.ts';

// The admin form of an order (order-json.ts), cut where the values go.
const ORDER_ID = ORDER_KEYS.id;
const PET_ID = ORDER_KEYS.petId;
const QUANTITY = ORDER_KEYS.quantity;
const SHIP_DATE = `${ORDER_KEYS.shipDate}"`;
const COMPLETE = `"${ORDER_KEYS.complete}`;
const STATUS = `${ORDER_KEYS.status}"`;
/** Each status with what closes the order, by its index in the status column. */
const STATUSES = ORDER_STATUSES.map((status) => `${status}"}`);
const SHIPPED = ORDER_STATUSES.indexOf('shipped');
/** The statuses by their first letter, in the status column's order (each first letter is its own). */
const STATUS_BY_LETTER = ORDER_STATUSES.map((status) => status.charAt(0)).join('');

/** The shortest order text: one-digit numbers and the shortest status; bounds how many orders a text holds. */
const SHORTEST_ORDER =
  `${ORDER_ID}1${PET_ID}0${QUANTITY}1${SHIP_DATE}${'0'.repeat(24)}${COMPLETE}true${STATUS}${STATUSES[0]}`
    .length;

/** A decimal as GET writes one: no sign, no leading zero, at most 16 digits (none more is a safe integer). */
const DECIMAL = String.raw`(?:0|[1-9]\d{0,15})`;
/**
 * One order exactly as GET writes it, followed by `,` or `]`: checked by the regular expression engine
 * (compiled to machine code, several times faster than reading each character in JavaScript); the numbers
 * are then read from their known places.
 */
const ORDER_TEXT = new RegExp(
  [
    literally(ORDER_ID),
    DECIMAL,
    literally(PET_ID),
    DECIMAL,
    literally(QUANTITY),
    String.raw`[1-9]\d{0,15}`,
    literally(SHIP_DATE),
    String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z`,
    literally(COMPLETE),
    '(?:true|false)',
    literally(STATUS),
    `(?:${STATUSES.map(literally).join('|')})`,
    '(?=[,\\]])',
  ].join(''),
  'y',
);

function literally(literal: string): string {
  return literal.replace(/[{}[\]().*+?^$|\\]/g, '\\$&');
}

// The core names no runtime; TextEncoder is a global in every runtime it runs on (Node, browsers, workers).
const { TextEncoder } = globalThis as unknown as {
  TextEncoder: new () => { encodeInto(text: string, into: Uint8Array): { written: number } };
};
const encoder = new TextEncoder();

/**
 * Saved orders read from their text, with that text at hand: written exactly as the admin list writes each
 * order, it is the list's JSON already, so a store can keep it as the rendered chunks of the admin list (what
 * the PUT answers with) instead of writing the same bytes again.
 */
export class SavedOrderColumns extends OrderColumns {
  constructor(
    length: number,
    arrays: OrderColumnArrays,
    readonly adminChunk: (chunk: number) => Uint8Array,
  ) {
    super(length, arrays);
  }
}

/** Where a saved state's orders array ends, and the orders it held. */
export interface SavedOrdersText {
  readonly columns: SavedOrderColumns;
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
  /** Where each chunk's first order begins in the text. */
  const chunkStarts: number[] = [];
  if (text.charCodeAt(at) !== 93 /* ] */) {
    for (;;) {
      if ((count & (CHUNK_ROWS - 1)) === 0) chunkStarts.push(at);
      ORDER_TEXT.lastIndex = at;
      if (!ORDER_TEXT.test(text)) return undefined;
      const end = ORDER_TEXT.lastIndex;
      at = readDecimal(text, at + ORDER_ID.length);
      if (number !== count + 1) return undefined;
      ids[count] = number;
      at = readDecimal(text, at + PET_ID.length);
      if (Number.isNaN(number)) return undefined;
      petIds[count] = number;
      at = readDecimal(text, at + QUANTITY.length);
      if (Number.isNaN(number)) return undefined;
      quantities[count] = number;
      at += SHIP_DATE.length;
      const time = canonicalIsoTimeAt(text, at);
      if (Number.isNaN(time)) return undefined;
      shipTimes[count] = time;
      at += 24 + COMPLETE.length;
      const complete = text.charCodeAt(at) === 116; /* t */
      const status = STATUS_BY_LETTER.indexOf(text.charAt(at + (complete ? 4 : 5) + STATUS.length));
      if (complete !== (status === SHIPPED)) return undefined;
      flags[count] = status | (complete ? COMPLETE_FLAG : 0);
      count++;
      at = end + 1;
      if (text.charCodeAt(end) === 93 /* ] */) break;
    }
  }
  const arrays = {
    ids: ids.slice(0, count),
    petIds: petIds.slice(0, count),
    quantities: quantities.slice(0, count),
    shipTimes: shipTimes.slice(0, count),
    flags: flags.slice(0, count),
  };
  const close = at - 1;
  const adminChunk = (chunk: number) => {
    // From the separator before the chunk's first order (`[` for the first) to the end of its last order.
    const from = (chunkStarts[chunk] as number) - 1;
    const to = chunk + 1 < chunkStarts.length ? (chunkStarts[chunk + 1] as number) - 1 : close;
    const bytes = new Uint8Array(to - from);
    encoder.encodeInto(text.slice(from, to), bytes);
    bytes[0] = 44; // , as the list keeps a comma before every order
    return bytes;
  };
  return { columns: new SavedOrderColumns(count, arrays, adminChunk), end: at };
}

/** What the last readDecimal read: a safe integer, or NaN. A module variable, so that no pair is allocated. */
let number = Number.NaN;

/** Reads the digits ORDER_TEXT found at `at` into `number` (NaN beyond 2^53); returns where they end. */
function readDecimal(text: string, at: number): number {
  let value = 0;
  let end = at;
  for (let digit = text.charCodeAt(end) - 48; digit >= 0 && digit <= 9; digit = text.charCodeAt(end) - 48) {
    value = value * 10 + digit;
    end++;
  }
  number = Number.isSafeInteger(value) ? value : Number.NaN;
  return end;
}
