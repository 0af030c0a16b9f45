// The two readings of the Order's `format: date-time`, each a reader of its own: the seed's "ISO 8601" (must)
// and OpenAPI's RFC 3339 (should). A schema-format library's date-time is looser (a space for `T`, `+0000`
// after an extended time) and stricter (no reduced precision) than either, so neither is borrowed.

// ISO 8601 §5.4.2: a date and a time joined by `T`, both in the extended format or both in the basic one, the
// offset in the same format; the time may be reduced (`10:00`, `10`) and its last part may carry a fraction.
const ISO_EXTENDED =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2})(?::(\d{2})(?::(\d{2}))?)?(?:[.,]\d+)?(?:[Zz]|[+-](\d{2})(?::(\d{2}))?)?$/;
const ISO_BASIC =
  /^(\d{4})(\d{2})(\d{2})[Tt](\d{2})(?:(\d{2})(?:(\d{2}))?)?(?:[.,]\d+)?(?:[Zz]|[+-](\d{2})(\d{2})?)?$/;
// RFC 3339 §5.6: seconds required, `.` fraction, `Z` or `+hh:mm` required; `t` and `z` allowed.
const RFC_3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

const daysIn = (year: number, month: number): number =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;

/** The matched parts are a real calendar date and clock time (a leap second allowed), with a real offset. */
function inRange(match: RegExpExecArray | null): boolean {
  if (!match) return false;
  const [year, month, day, hour, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part))) as number[];
  return (
    month !== undefined &&
    month >= 1 &&
    month <= 12 &&
    day !== undefined &&
    day >= 1 &&
    day <= daysIn(year ?? 0, month) &&
    hour !== undefined &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 60 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59
  );
}

/** The seed's reading: an ISO 8601 date-time (offset optional, reduced precision allowed, formats not mixed). */
export const isIso8601DateTime = (text: string): boolean =>
  inRange(ISO_EXTENDED.exec(text)) || inRange(ISO_BASIC.exec(text));

/** OpenAPI's reading: an RFC 3339 date-time (seconds and an offset required). */
export const isRfc3339DateTime = (text: string): boolean => inRange(RFC_3339.exec(text));
