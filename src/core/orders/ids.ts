/** The largest int64, the largest id an order may have. */
export const INT64_MAX = '9223372036854775807';
const CANONICAL_NON_NEGATIVE = /^(?:0|[1-9][0-9]{0,18})$/;

/**
 * Returns the id when `raw` is a canonical non-negative int64 in decimal, else undefined.
 * Ids stay strings: a JS number would round ids beyond 2^53 and make two orders collide.
 *
 * @example parseId('9007199254740993') // '9007199254740993'
 * @example parseId('1.5') // undefined (so are '-1', '+1', '0x10', '01', '' and 2^63)
 */
export function parseId(raw: string): string | undefined {
  if (!CANONICAL_NON_NEGATIVE.test(raw)) return undefined;
  // Equal-length decimal strings compare like the numbers they spell.
  if (raw.length === INT64_MAX.length && raw > INT64_MAX) return undefined;
  return raw;
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
