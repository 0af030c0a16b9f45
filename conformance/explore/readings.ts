// The safety proof of exploration: every integer a lenient server could read from a path segment.
// A DELETE is sent only when every one of these readings is provably absent (above every listed id, within
// int64, distinct from them even as doubles) or, with --allow-writes, one of the ids the user gave.
import { lenientReadings } from './lenient.ts';

export { lenientReadings } from './lenient.ts';

const INT64_MAX = 2n ** 63n - 1n;
const INT32_LIMIT = 2n ** 31n;
/** The fixed checks' cushion above the largest listed id (docs/decisions.md, conformance 2). */
const MARGIN = 1_000_003n;

const CANONICAL = /^(0|[1-9][0-9]*)$/;

/**
 * True when no lenient reading of `segment` is a listed id, an id below one, or beyond int64 (readings in
 * `allowed` excepted). A parser that fails and keeps its zero value (Go's ignored Atoi error, `NaN | 0`)
 * reads every non-canonical id as 0: such ids pass only when 0 is not listed. With `absentOk` false, every
 * reading must be in `allowed` (writes other than DELETE, which could create what is absent).
 */
export function provablyAbsent(
  segment: string,
  listed: readonly string[],
  allowed: readonly string[] = [],
  absentOk = true,
): boolean {
  const { max, hasZero } = summary(listed);
  if (max === undefined || segment === '') return false;
  const mine = new Set(allowed.map((id) => BigInt(id)));
  const readings = lenientReadings(segment, max < INT32_LIMIT && [...mine].every((id) => id < INT32_LIMIT));
  if (!readings || (!absentOk && readings.size === 0)) return false;
  if (!CANONICAL.test(segment) && !mine.has(0n) && hasZero) return false;
  return [...readings].every((r) => mine.has(r) || (absentOk && isAbove(r, max)));
}

export type AbsentRange = { ok: true; lo: bigint; hi: bigint } | { ok: false; reason: string };

/** The ids whose plain decimal spelling is provably absent: a contiguous range above the largest listed id. */
export function absentRange(listed: readonly string[]): AbsentRange {
  const { max } = summary(listed);
  if (max === undefined) return { ok: false, reason: 'the order list holds an id that is no integer' };
  const safe = (id: bigint) => provablyAbsent(id.toString(), listed);
  let hi = max < INT32_LIMIT ? INT32_LIMIT - 1n : INT64_MAX;
  while (hi > max && BigInt(Number(hi)) > INT64_MAX) hi -= 256n; // doubles round the top 512 ids up to 2^63
  let lo = max + MARGIN <= hi ? max + MARGIN : max + 1n;
  for (let step = 0; lo <= hi && !safe(lo) && step < 4096; step++) lo++;
  if (lo > hi || !safe(lo) || !safe(hi)) {
    return {
      ok: false,
      reason: `no int64 id above the largest listed id (${max}) stays distinct from it under every lenient reading`,
    };
  }
  return { ok: true, lo, hi };
}

const summaries = new WeakMap<readonly string[], { max?: bigint; hasZero: boolean }>();

/** The largest listed id (at least 0; undefined when one is no integer) and whether 0 is listed, once per list. */
function summary(listed: readonly string[]): { max?: bigint; hasZero: boolean } {
  let known = summaries.get(listed);
  if (!known) {
    let max: bigint | undefined = 0n;
    let hasZero = false;
    for (const id of listed) {
      if (!/^-?[0-9]+$/.test(id)) max = undefined;
      else if (max !== undefined && BigInt(id) > max) max = BigInt(id);
      if (/^-?0+$/.test(id)) hasZero = true;
    }
    known = max === undefined ? { hasZero } : { max, hasZero };
    summaries.set(listed, known);
  }
  return known;
}

const isAbove = (r: bigint, max: bigint): boolean => r > max && r <= INT64_MAX && Number(r) > Number(max);

/** True when every lenient reading of `segment` is one of `ids`: a write may touch only the orders given. */
export const readsOnlyAs = (segment: string, listed: readonly string[], ids: readonly string[]): boolean =>
  ids.length > 0 && provablyAbsent(segment, listed, ids, false);
