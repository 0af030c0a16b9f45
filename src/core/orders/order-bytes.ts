import { COMPLETE_FLAG, ORDER_STATUSES } from './order-columns.ts';

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

const ID = ascii(',{"id":');
const PET_ID = ascii(',"petId":');
const QUANTITY = ascii(',"quantity":');
const SHIP_DATE = ascii(',"shipDate":"');
const COMPLETE = ascii('","complete":true');
const NOT_COMPLETE = ascii('","complete":false');
const CLOSE = ascii('}');
const STATUS_CLOSE = ORDER_STATUSES.map((status) => ascii(`,"status":"${status}"}`));

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (unit) => unit.charCodeAt(0));
}

/** Copies a short constant byte by byte: cheaper than `set()` for a dozen bytes. */
function put(into: Uint8Array, at: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) into[at + i] = bytes[i] as number;
  return at + bytes.length;
}

/** Writes `text` (ASCII) at `at`; returns the end. */
function putText(into: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) into[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** Writes a number as JavaScript prints it (`${value}`); returns the end. */
function putNumber(into: Uint8Array, at: number, value: number): number {
  if (!(value >= 0 && value <= Number.MAX_SAFE_INTEGER && Math.floor(value) === value)) {
    return putText(into, at, `${value}`);
  }
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  let rest = value;
  for (let i = at + digits - 1; i >= at; i--) {
    const next = Math.floor(rest / 10);
    into[i] = 48 + rest - next * 10;
    rest = next;
  }
  return at + digits;
}

/** Writes `value` as `width` digits, zeros in front. */
function putPadded(into: Uint8Array, at: number, value: number, width: number): number {
  let rest = value;
  for (let i = at + width - 1; i >= at; i--) {
    const next = Math.floor(rest / 10);
    into[i] = 48 + rest - next * 10;
    rest = next;
  }
  return at + width;
}

/**
 * Writes `new Date(time).toISOString()`'s text: digit by digit for the whole milliseconds of years 0000 to
 * 9999 (the days to a civil date as in Howard Hinnant's `civil_from_days`), through `Date` for the rest.
 */
export function putIsoTime(into: Uint8Array, at: number, time: number): number {
  if (!(time >= FIRST_ISO_TIME && time <= LAST_ISO_TIME && Math.floor(time) === time)) {
    return putText(into, at, new Date(time).toISOString());
  }
  const days = Math.floor(time / DAY_MS);
  let ms = time - days * DAY_MS;
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
  const hour = Math.floor(ms / 3_600_000);
  ms -= hour * 3_600_000;
  const minute = Math.floor(ms / 60_000);
  ms -= minute * 60_000;
  const second = Math.floor(ms / 1000);
  ms -= second * 1000;
  let end = putPadded(into, at, year, 4);
  into[end++] = 45; // -
  end = putPadded(into, end, month, 2);
  into[end++] = 45; // -
  end = putPadded(into, end, day, 2);
  into[end++] = 84; // T
  end = putPadded(into, end, hour, 2);
  into[end++] = 58; // :
  end = putPadded(into, end, minute, 2);
  into[end++] = 58; // :
  end = putPadded(into, end, second, 2);
  into[end++] = 46; // .
  end = putPadded(into, end, ms, 3);
  into[end++] = 90; // Z
  return end;
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
  end = put(into, end, (flags & COMPLETE_FLAG) !== 0 ? COMPLETE : NOT_COMPLETE);
  return put(into, end, withStatus ? (STATUS_CLOSE[flags & 3] as Uint8Array) : CLOSE);
}
