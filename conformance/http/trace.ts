import { randomFillSync } from 'node:crypto';

// W3C Trace Context (https://www.w3.org/TR/trace-context/): every request the suite sends carries a
// `traceparent`, so a failure in a report can be found in the deployment's own tracing by its trace id.

const TRACE_ID = /^[0-9a-f]{32}$/;
const SPAN_ID = /^[0-9a-f]{16}$/;
const ALL_ZERO = /^0+$/;
/** A prefix leaves at least this many random hex digits, so traces of one run stay distinct. */
const MIN_RANDOM_DIGITS = 8;
export const MAX_TRACE_PREFIX = 32 - MIN_RANDOM_DIGITS;

export interface TraceIds {
  /** A fresh trace id: 32 lower-case hex digits, starting with the prefix. */
  trace(): string;
  /** A fresh span (parent) id: 16 lower-case hex digits. */
  span(): string;
}

const hex = (digits: number, random: (bytes: number) => Buffer): string =>
  random(Math.ceil(digits / 2))
    .toString('hex')
    .slice(0, digits);

const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = POOL_BYTES;

/**
 * Cryptographically random bytes taken from a pool filled 4 KB at a time: each request needs a few ids, and
 * asking the system's generator once per id cost far more than the ids themselves.
 */
function pooledRandomBytes(bytes: number): Buffer {
  if (used + bytes > POOL_BYTES) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    used = 0;
  }
  used += bytes;
  return pool.subarray(used - bytes, used);
}

/** Random ids (never all zeros, which the standard forbids), trace ids starting with `prefix`. */
export function createTraceIds(prefix = '', random: (bytes: number) => Buffer = pooledRandomBytes): TraceIds {
  const fresh = (make: () => string): string => {
    for (;;) {
      const id = make();
      if (!ALL_ZERO.test(id)) return id;
    }
  };
  return {
    trace: () => fresh(() => prefix + hex(32 - prefix.length, random)),
    span: () => fresh(() => hex(16, random)),
  };
}

/** The header value: version 00, sampled (the point is to find the request in the deployment's traces). */
export const traceparent = (traceId: string, spanId: string): string => `00-${traceId}-${spanId}-01`;

/** The trace and span ids of a valid `traceparent` value, or undefined. */
export function parseTraceparent(value: string | undefined): { traceId: string; spanId: string } | undefined {
  const match = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const [, version, traceId = '', spanId = '', , rest] = match;
  // Version ff is invalid; a future version may carry more fields, version 00 may not.
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (!TRACE_ID.test(traceId) || !SPAN_ID.test(spanId) || ALL_ZERO.test(traceId) || ALL_ZERO.test(spanId))
    return undefined;
  return { traceId, spanId };
}

/** Why a `--trace-id-prefix` cannot be used, or undefined. */
export function tracePrefixProblem(prefix: string): string | undefined {
  if (!/^[0-9a-f]*$/.test(prefix))
    return `--trace-id-prefix takes lower-case hex digits (0-9, a-f), got "${prefix.slice(0, 40)}"`;
  if (prefix.length > MAX_TRACE_PREFIX)
    return `--trace-id-prefix takes at most ${MAX_TRACE_PREFIX} hex digits (the rest of the 32 are random), got ${prefix.length}`;
  return undefined;
}
