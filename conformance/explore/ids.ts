import fc from 'fast-check';
import type { Spec } from '../contract/spec.ts';
import { type AbsentRange, provablyAbsent, readsOnlyAs } from '../orders/readings.ts';
import { boundaries } from './boundaries.ts';

/** What the generators need to know about the run. */
export interface GeneratorContext {
  spec: Spec;
  hasKey: boolean;
  /** Listed order ids and the range proven absent above them; undefined when the list was not read. */
  listed?: { ids: readonly string[]; range: AbsentRange };
  /** The ids the user gave, when writes to them are allowed. */
  writableIds: readonly string[];
}

const INT64_MAX = 2n ** 63n - 1n;

/** Mostly nothing (so plain ids stay common), sometimes one of `values`; shrinks to nothing. */
const mostlyNone = <T>(none: T, ...values: T[]): fc.Arbitrary<T> =>
  fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(none), weight: 4 },
    fc.constantFrom(...values),
  );

/** Decorations around an id's digits: each shrinks to nothing, so a failure shrinks to the one that matters. */
const decorations = fc.record({
  prefix: mostlyNone('', '%20', '0x', '%09', '%2B'),
  sign: mostlyNone('', '+', '-'),
  zeros: fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant(0), weight: 4 }, fc.nat({ max: 990 })),
  encodeFirst: mostlyNone(false, true),
  fraction: mostlyNone('', '.0', '.5', '.', '.999'),
  exponent: mostlyNone('', 'e0', 'E1', 'e+2', 'e-1', 'e999'),
  suffix: mostlyNone(
    '',
    'abc',
    '%20',
    '%00',
    '%C3%A9',
    '%E2%82%AC',
    '%EF%BC%91',
    '%D9%A1',
    '%2F',
    '%3B',
    '%25',
    ';x=1',
  ),
});

type Decorations = typeof decorations extends fc.Arbitrary<infer T> ? T : never;

/** An id's digits in one of many spellings; never longer than 1,000 characters. */
function spell(digits: string, d: Decorations): string {
  const negative = digits.startsWith('-');
  const body = negative ? digits.slice(1) : digits;
  const first =
    d.encodeFirst && body ? `%${body.charCodeAt(0).toString(16).toUpperCase()}${body.slice(1)}` : body;
  const rest = `${first}${d.fraction}${d.exponent}${d.suffix}`;
  const sign = negative ? `-${d.sign === '-' ? '' : d.sign}` : d.sign;
  const zeros = '0'.repeat(
    Math.max(0, Math.min(d.zeros, 1000 - rest.length - sign.length - d.prefix.length)),
  );
  return `${d.prefix}${sign}${zeros}${rest}`;
}

/** A path segment the URL parser keeps as it is (no dot segments, nothing empty). */
const keepable = (segment: string): string => (/^(\.|%2e){0,2}$/i.test(segment) ? `x${segment}` : segment);

/** Any id for a request that cannot change state: numbers across int64 and beyond, boundaries, text. */
export function anyId(schema: Record<string, unknown>): fc.Arbitrary<string> {
  const edges = boundaries(schema).sort((a, b) => a.length - b.length); // shrinks to the shortest
  const numbers = fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.bigInt({ min: 0n, max: 1000n }), weight: 3 },
    { arbitrary: fc.bigInt({ min: -INT64_MAX - 1n, max: INT64_MAX }), weight: 2 },
    { arbitrary: fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), weight: 1 },
  );
  const digits =
    edges.length > 0
      ? fc.oneof({ withCrossShrink: true }, numbers.map(String), fc.constantFrom(...edges))
      : numbers.map(String);
  const text = fc.string({ minLength: 1, maxLength: 12, unit: 'grapheme' }).map(encodeURIComponent);
  return fc
    .oneof(
      { withCrossShrink: true },
      { arbitrary: fc.tuple(digits, decorations).map(([n, d]) => spell(n, d)), weight: 5 },
      { arbitrary: text, weight: 1 },
    )
    .map(keepable);
}

/**
 * Ids a DELETE may carry: spellings of ids proven absent (or, with --allow-writes, of the ids given) whose every
 * lenient reading stays there; a spelling that fails the proof falls back to the plain id.
 */
export function deletableId(ctx: GeneratorContext): fc.Arbitrary<string> | undefined {
  const listed = ctx.listed;
  const cores: fc.Arbitrary<string>[] = [];
  if (listed?.range.ok) {
    const { lo, hi } = listed.range;
    // Mostly ids just above the cushion: decorations add digits, and a short id keeps more spellings provable.
    const near = hi - lo > 1000n ? lo + 1000n : hi;
    cores.push(fc.oneof(fc.bigInt({ min: lo, max: near }), fc.bigInt({ min: lo, max: hi })).map(String));
  }
  if (listed && ctx.writableIds.length > 0) cores.push(fc.constantFrom(...ctx.writableIds));
  if (!listed || cores.length === 0) return undefined;
  return fc.tuple(fc.oneof(...cores), decorations).map(([core, d]) => {
    const spelled = spell(core, d);
    return provablyAbsent(spelled, listed.ids, ctx.writableIds) ? spelled : core;
  });
}

/** Spellings of the given ids only, for undefined state-changing methods under --allow-writes. */
export function writableId(ctx: GeneratorContext): fc.Arbitrary<string> | undefined {
  const listed = ctx.listed;
  if (ctx.writableIds.length === 0 || !listed) return undefined;
  return fc.tuple(fc.constantFrom(...ctx.writableIds), decorations).map(([core, d]) => {
    const spelled = spell(core, d);
    return readsOnlyAs(spelled, listed.ids, ctx.writableIds) ? spelled : core;
  });
}
