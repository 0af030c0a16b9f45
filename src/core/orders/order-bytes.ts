import { COMPLETE_FLAG, ORDER_STATUSES } from './order-columns.ts';
import { ORDER_KEYS } from './order-json.ts';

/**
 * An order's JSON written straight from its column values into a byte buffer: the same bytes as
 * `orderJson`/`adminOrderJson` (order-json.ts) of the object `OrderTable.get` builds, without that object, its
 * strings or a `Date`. Every byte written is ASCII, so a string's UTF-16 units are its bytes.
 */

/** The most bytes one order takes here: six numbers of up to 24 characters, the date, the keys, the status. */
export const MAX_ORDER_BYTES = 320;

const DAY_MS = 86_400_000;
/** 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the times `toISOString()` prints in 24 characters. */
const FIRST_ISO_TIME = -62_167_219_200_000;
const LAST_ISO_TIME = 253_402_300_799_999;

// An order after the list's previous one, hence the comma.
const ID = ascii(`,${ORDER_KEYS.id}`);
const PET_ID = ascii(ORDER_KEYS.petId);
const QUANTITY = ascii(ORDER_KEYS.quantity);
const SHIP_DATE = ascii(`${ORDER_KEYS.shipDate}"`);
/** What follows the ship date, by flags (status index | COMPLETE_FLAG): public form, then admin form. */
const ENDS = [false, true].map((withStatus) =>
  Array.from({ length: 8 }, (_, flags) => {
    const status = withStatus ? `${ORDER_KEYS.status}"${ORDER_STATUSES[flags & 3]}"` : '';
    return ascii(`"${ORDER_KEYS.complete}${(flags & COMPLETE_FLAG) !== 0}${status}}`);
  }),
);

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (unit) => unit.charCodeAt(0));
}

function put(into: Uint8Array, at: number, bytes: Uint8Array): number {
  into.set(bytes, at);
  return at + bytes.length;
}

/** Writes `text` (ASCII) at `at`; returns the end. */
function putText(into: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) into[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** Writes a number as JavaScript prints it (`${value}`); returns the end. */
function putNumber(into: Uint8Array, at: number, value: number): number {
  // Below 2^31 the digits come from int32 arithmetic, which V8 divides several times faster than doubles.
  if (value >= 0 && value < 2_147_483_648 && (value | 0) === value) return putSmall(into, at, value);
  if (!(value >= 0 && value <= Number.MAX_SAFE_INTEGER && Math.floor(value) === value)) {
    return putText(into, at, `${value}`);
  }
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let rest = value;
  for (let i = at + digits - 1; i >= at; i--) {
    const next = Math.floor(rest / 10);
    // The digit first: 48 + rest would round near 2^53.
    into[i] = 48 + (rest - next * 10);
    rest = next;
  }
  return at + digits;
}

/** Writes an integer from 0 to 2^31 - 1; returns the end. */
function putSmall(into: Uint8Array, at: number, value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = (rest / 10) | 0) digits++;
  let rest = value;
  for (let i = at + digits - 1; i >= at; i--) {
    const next = (rest / 10) | 0;
    into[i] = 48 + rest - next * 10;
    rest = next;
  }
  return at + digits;
}

/** Writes `value` (0 to 99) as two digits. */
function putTwo(into: Uint8Array, at: number, value: number): void {
  const tens = (value / 10) | 0;
  into[at] = 48 + tens;
  into[at + 1] = 48 + value - tens * 10;
}

/** The `YYYY-MM-DDT` of recently written days, by day number modulo DAY_SLOTS: dates cluster on few days. */
const DAY_SLOTS = 1024;
const cachedDays = new Float64Array(DAY_SLOTS).fill(Number.NaN);
const cachedDayText = new Uint8Array(DAY_SLOTS * 11);

/**
 * Writes `new Date(time).toISOString()`'s text: digit by digit for the whole milliseconds of years 0000 to
 * 9999 (the days to a civil date as in Howard Hinnant's `civil_from_days`, each day's text kept for the next
 * order on that day), through `Date` for the rest.
 */
export function putIsoTime(into: Uint8Array, at: number, time: number): number {
  if (!(time >= FIRST_ISO_TIME && time <= LAST_ISO_TIME && Math.floor(time) === time)) {
    return putText(into, at, new Date(time).toISOString());
  }
  const days = Math.floor(time / DAY_MS);
  const slot = days & (DAY_SLOTS - 1);
  if (cachedDays[slot] !== days) {
    putDay(cachedDayText, slot * 11, days);
    cachedDays[slot] = days;
  }
  for (let i = 0; i < 11; i++) into[at + i] = cachedDayText[slot * 11 + i] as number;
  // Under 86,400,000: int32 arithmetic from here.
  let ms = (time - days * DAY_MS) | 0;
  const hour = (ms / 3_600_000) | 0;
  ms -= hour * 3_600_000;
  const minute = (ms / 60_000) | 0;
  ms -= minute * 60_000;
  const second = (ms / 1000) | 0;
  ms -= second * 1000;
  const hundreds = (ms / 100) | 0;
  putTwo(into, at + 11, hour);
  into[at + 13] = 58; // :
  putTwo(into, at + 14, minute);
  into[at + 16] = 58; // :
  putTwo(into, at + 17, second);
  into[at + 19] = 46; // .
  into[at + 20] = 48 + hundreds;
  putTwo(into, at + 21, ms - hundreds * 100);
  into[at + 23] = 90; // Z
  return at + 24;
}

/** Writes `YYYY-MM-DDT` of a day number (days since 1970-01-01, years 0000 to 9999). */
function putDay(into: Uint8Array, at: number, days: number): void {
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  putTwo(into, at, (year / 100) | 0);
  putTwo(into, at + 2, year % 100);
  into[at + 4] = 45; // -
  putTwo(into, at + 5, month);
  into[at + 7] = 45; // -
  putTwo(into, at + 8, day);
  into[at + 10] = 84; // T
}

/**
 * Writes `,{…}` (a leading comma, as a list chunk keeps each order) for an order of numbers only, with its
 * status when `withStatus`; returns the end. The caller leaves MAX_ORDER_BYTES free at `at`.
 */
export function putOrderJson(
  into: Uint8Array,
  at: number,
  id: number,
  petId: number,
  quantity: number,
  shipTime: number,
  flags: number,
  withStatus: boolean,
): number {
  let end = put(into, at, ID);
  end = putNumber(into, end, id);
  end = put(into, end, PET_ID);
  end = putNumber(into, end, petId);
  end = put(into, end, QUANTITY);
  end = putNumber(into, end, quantity);
  end = put(into, end, SHIP_DATE);
  end = putIsoTime(into, end, shipTime);
  return put(into, end, (ENDS[withStatus ? 1 : 0] as Uint8Array[])[flags] as Uint8Array);
}
