import { METHODS } from 'node:http';
import fc from 'fast-check';
import { WRONG_KEY } from '../http-client.ts';
import type { Spec } from '../spec.ts';
import { type AbsentRange, provablyAbsent, readsOnlyAs } from './readings.ts';
import type { AuthSpelling, ExploreRequest } from './request.ts';
import { isOrderItemPath, mayChangeState, NEVER_SENT, SAFE_METHODS } from './safety.ts';
import { boundaries, pathParamSchemas } from './spec-params.ts';

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
function anyId(schema: Record<string, unknown>): fc.Arbitrary<string> {
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
      { arbitrary: fc.tuple(digits, decorations).map(([n, d]) => spell(n, d)), weight: 5 },
      { arbitrary: text, weight: 1 },
    )
    .map(keepable);
}

/**
 * Ids a DELETE may carry: spellings of ids proven absent (or, with --allow-writes, of the ids given) whose every
 * lenient reading stays there; a spelling that fails the proof falls back to the plain id.
 */
function deletableId(ctx: GeneratorContext): fc.Arbitrary<string> | undefined {
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
function writableId(ctx: GeneratorContext): fc.Arbitrary<string> | undefined {
  const listed = ctx.listed;
  if (ctx.writableIds.length === 0 || !listed) return undefined;
  return fc.tuple(fc.constantFrom(...ctx.writableIds), decorations).map(([core, d]) => {
    const spelled = spell(core, d);
    return readsOnlyAs(spelled, listed.ids, ctx.writableIds) ? spelled : core;
  });
}

/** Names that frameworks read as a method override: never generated, so a GET stays a GET. */
const OVERRIDES = new Set([
  '_method',
  'method',
  '_http_method',
  'x-http-method',
  'x-http-method-override',
  'x-method-override',
]);
const queryName = fc
  .oneof(
    fc.constantFrom(
      'limit',
      'offset',
      'page',
      'status',
      'sort',
      'filter',
      'q',
      'petId',
      'fields',
      'format',
      'id',
    ),
    fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/),
  )
  .filter((name) => !OVERRIDES.has(name));
const queryValue = fc.oneof(
  fc.constant(''),
  fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map(String),
  fc.constantFrom('%C3%A9', '%00', '%FF', '%', 'a%2Cb', 'true', 'null', '01', '1e3'),
  fc.string({ maxLength: 12, unit: 'grapheme' }).map(encodeURIComponent),
  fc.integer({ min: 100, max: 900 }).map((n) => 'x'.repeat(n)),
);
/** Query parameters the spec does not define (it defines none). */
const query = fc.oneof(
  { arbitrary: fc.constant(''), weight: 2 },
  {
    arbitrary: fc
      .array(fc.tuple(queryName, fc.option(queryValue, { nil: undefined })), { minLength: 1, maxLength: 4 })
      .map((pairs) => `?${pairs.map(([n, v]) => (v === undefined ? n : `${n}=${v}`)).join('&')}`),
    weight: 1,
  },
);

/** Authorization spellings by credential class; a failure shrinks to the first class, then the first spelling. */
function authSpellings(hasKey: boolean): fc.Arbitrary<AuthSpelling> {
  const wrong = WRONG_KEY;
  const as = (credential: AuthSpelling['credential'], headers: string[]) =>
    headers.map((header): AuthSpelling => ({ header, credential }));
  const missing: AuthSpelling = { credential: 'missing' };
  const groups: AuthSpelling[][] = [
    hasKey ? as('valid', ['Bearer {KEY}']) : [missing],
    [missing, ...as('wrong', [`Bearer ${wrong}`, ...(hasKey ? ['Basic {KEY}', 'Bearer {KEY}x'] : [])])],
    hasKey
      ? as('odd-valid', [
          'bearer {KEY}',
          'BEARER {KEY}',
          'Bearer  {KEY}',
          'Bearer \t{KEY}',
          'Bearer {KEY}, Bearer {KEY}',
          `Bearer ${wrong}, Bearer {KEY}`,
        ])
      : [],
    as('odd-wrong', [
      `bearer ${wrong}`,
      `Bearer  ${wrong}`,
      'Bearer',
      `Bearer ${wrong}, Bearer ${wrong}`,
      ...(hasKey ? ['{KEY}'] : []),
    ]),
  ].filter((group) => group.length > 0);
  return fc.oneof(
    { withCrossShrink: true },
    ...groups.map((group, i) => ({ arbitrary: fc.constantFrom(...group), weight: i === 0 ? 3 : 1 })),
  );
}

/** Every request exploration may send: the spec's operations and the methods its paths do not define. */
export function requestArbitrary(ctx: GeneratorContext): fc.Arbitrary<ExploreRequest> {
  const schemas = pathParamSchemas(ctx.spec);
  const auth = authSpellings(ctx.hasKey);
  const choices: Array<{ arbitrary: fc.Arbitrary<ExploreRequest>; weight: number }> = [];
  const templates = [...new Set(ctx.spec.operations.map((o) => o.path))];
  for (const template of templates) {
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const documented = ctx.spec.methodsFor(template);
    const params = (id: (name: string) => fc.Arbitrary<string> | undefined) => {
      const arbs = names.map((name) => id(name));
      if (arbs.some((a) => a === undefined)) return undefined;
      return fc
        .tuple(...(arbs as fc.Arbitrary<string>[]))
        .map((values) => Object.fromEntries(names.map((n, i) => [n, values[i] ?? ''])));
    };
    const readable = params((name) => anyId(schemas.get(template)?.get(name) ?? {}));
    const deletable = isOrderItemPath(ctx.spec, template) ? params(() => deletableId(ctx)) : undefined;
    const writable = isOrderItemPath(ctx.spec, template) ? params(() => writableId(ctx)) : undefined;
    const undefinedMethods = METHODS.filter((m) => !documented.includes(m) && !NEVER_SENT.includes(m));
    for (const method of [...documented, ...undefinedMethods]) {
      const operation = ctx.spec.operations.find((o) => o.path === template && o.method === method);
      const safe = !mayChangeState(method);
      const ids = safe ? readable : method === 'DELETE' ? deletable : writable;
      if (!ids || (!safe && !operation && ctx.writableIds.length === 0)) continue;
      const arbitrary = fc
        .record({ params: ids, query: safe ? query : fc.constant(''), auth })
        .map((r): ExploreRequest => ({ method, template, ...r, ...(operation ? { operation } : {}) }));
      const weight = operation ? 16 : SAFE_METHODS.includes(method) ? 2 : 1;
      choices.push({ arbitrary, weight });
    }
  }
  return fc.oneof({ withCrossShrink: true }, ...choices);
}
