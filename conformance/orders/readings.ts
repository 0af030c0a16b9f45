// The safety proof of every request that could change an order, the fixed checks' and exploration's: every
// integer a lenient server could read from a path segment. Such a request is sent only when every one of these
// readings is provably absent (above every listed id, within int64, distinct from them even as doubles) or one
// of the orders the run was given (by the user, a setup command or a state URL).
import { quoted } from '../output/text.ts';
import { lenientReadings } from './lenient.ts';

export { lenientReadings } from './lenient.ts';

const INT64_MAX = 2n ** 63n - 1n;
const INT32_LIMIT = 2n ** 31n;
/** The fixed checks' cushion above the largest listed id (docs/decisions.md, conformance 2). */
const MARGIN = 1_000_003n;

const CANONICAL = /^(0|[1-9][0-9]*)$/;

/**
 * True when `segment` is one of `allowed` in canonical form, or when no lenient reading of it is a listed id,
 * an id below one, or beyond int64 (readings in `allowed` excepted). A parser that fails and keeps its zero value (Go's ignored Atoi error, `NaN | 0`)
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
  // One of the run's orders named exactly as the list names it: a double would round an id beyond 2^53
  // (snowflake ids) to another, but a server whose list shows the id exactly keeps it exactly.
  if (CANONICAL.test(segment) && mine.has(BigInt(segment))) return true;
  const readings = lenientReadings(segment, max < INT32_LIMIT && [...mine].every((id) => id < INT32_LIMIT));
  if (!readings || (!absentOk && readings.size === 0)) return false;
  if (!CANONICAL.test(segment) && !mine.has(0n) && hasZero) return false;
  return [...readings].every((r) => mine.has(r) || (absentOk && isAbove(r, max)));
}

export type AbsentRange = { ok: true; lo: bigint; hi: bigint } | { ok: false; reason: string };

/** The ids whose plain decimal spelling is provably absent: a contiguous range above the largest listed id. */
export function absentRange(listed: readonly string[]): AbsentRange {
  const { max, unreadable } = summary(listed);
  if (max === undefined)
    return {
      ok: false,
      reason: `the order list holds an id that no lenient reading makes an integer (${unreadable})`,
    };
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

interface ListSummary {
  /** The largest integer a lenient server may hold behind a listed id (at least 0); undefined when unknown. */
  max?: bigint;
  /** Whether 0 may be listed. */
  hasZero: boolean;
  /** The first listed id no lenient reading makes an integer, shown in the reason (escaped, cut). */
  unreadable?: string;
}

const summaries = new WeakMap<readonly string[], ListSummary>();

/**
 * The largest listed id and whether 0 is listed, once per list. A listed id the suite cannot read as a plain
 * integer (`"+5000000"`, `" 5000000"`, `"5000000abc"`, `8.5`) counts as every integer a lenient server could
 * mean by it, so the absent id still lands above it; one that is no number at all leaves the maximum unknown.
 */
function summary(listed: readonly string[]): ListSummary {
  let known = summaries.get(listed);
  if (!known) {
    let max: bigint | undefined = 0n;
    let hasZero = false;
    let unreadable: string | undefined;
    for (const id of listed) {
      const values = /^-?[0-9]+$/.test(id) ? [BigInt(id)] : [...(lenientReadings(id, false) ?? [])];
      if (values.length === 0) unreadable ??= quoted(id, 40);
      for (const value of values) {
        if (max !== undefined && value > max) max = value;
        if (value === 0n) hasZero = true;
      }
    }
    known = unreadable === undefined ? { max, hasZero } : { hasZero, unreadable };
    summaries.set(listed, known);
  }
  return known;
}

const isAbove = (r: bigint, max: bigint): boolean => r > max && r <= INT64_MAX && Number(r) > Number(max);

/** True when every lenient reading of `segment` is one of `ids`: a write may touch only the orders given. */
export const readsOnlyAs = (segment: string, listed: readonly string[], ids: readonly string[]): boolean =>
  ids.length > 0 && provablyAbsent(segment, listed, ids, false);
