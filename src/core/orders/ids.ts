/** The largest int64, the largest id an order may have. */
export const INT64_MAX = '9223372036854775807';

/**
 * Returns the id when `raw` is a canonical non-negative int64 in decimal, else undefined.
 * Ids stay strings: a JS number would round ids beyond 2^53 and make two orders collide.
 *
 * @example parseId('9007199254740993') // '9007199254740993'
 * @example parseId('1.5') // undefined (so are '-1', '+1', '0x10', '01', '' and 2^63)
 */
export function parseId(raw: string): string | undefined {
  if (!isCanonicalDecimal(raw, INT64_MAX.length)) return undefined;
  // Equal-length decimal strings compare like the numbers they spell.
  if (raw.length === INT64_MAX.length && raw > INT64_MAX) return undefined;
  return raw;
}

/**
 * Whether `text` is a non-negative decimal as an id is written (digits, no leading zero) of at most `maxDigits`
 * digits. A loop rather than a regular expression, which cost 190 instructions a test on each cancel's path,
 * twice (docs/performance.md, "Round 11").
 */
export function isCanonicalDecimal(text: string, maxDigits: number): boolean {
  const { length } = text;
  // Not empty, not too long, no leading zero (48 is '0').
  if (length === 0 || length > maxDigits || (length > 1 && text.charCodeAt(0) === 48)) return false;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** The id after the largest one given, for orders created without an id. */
export function nextId(ids: Iterable<string>): string {
  let max = 0n;
  for (const id of ids) {
    const value = BigInt(id);
    if (value > max) max = value;
  }
  return (max + 1n).toString();
}
