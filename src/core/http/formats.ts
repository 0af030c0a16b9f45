/**
 * The string formats the specs' request bodies use, for the validators generated from them
 * (scripts/generate-request-bodies.ts). Framework-free, so the MSW bundle needs no format package.
 */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|[+-](\d{2}):(\d{2}))$/i;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * RFC 3339 §5.6 `date-time` that names a real instant: `2026-02-30T00:00:00Z` is refused (February has no
 * 30th), as are hour 24 and a minute of 60. A leap second (`:60`) is refused too: JavaScript dates cannot hold it.
 */
export function isDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHour = 0, offsetMinute = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  if (month === undefined || month < 1 || month > 12 || day === undefined || day < 1) return false;
  const leap = year !== undefined && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number);
  return (
    day <= days &&
    (hour as number) < 24 &&
    (minute as number) < 60 &&
    (second as number) < 60 &&
    offsetHour < 24 &&
    offsetMinute < 60
  );
}

/** Format name → check, as the generated validators look them up. */
export const formats: Readonly<Record<string, (text: string) => boolean>> = {
  'date-time': isDateTime,
};
