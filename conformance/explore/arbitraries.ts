import { METHODS } from 'node:http';
import fc from 'fast-check';
import { WRONG_KEY } from '../http/client.ts';
import { anyId, deletableId, type GeneratorContext, writableId } from './ids.ts';
import type { AuthSpelling, ExploreRequest } from './request.ts';
import { isOrderItemPath, mayChangeState, NEVER_SENT, needsProof, SAFE_METHODS } from './safety.ts';

export type { GeneratorContext } from './ids.ts';

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
  { withCrossShrink: true },
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
    const schemaOf = (name: string) =>
      ctx.spec.operations.find((o) => o.path === template && name in o.pathParamSchemas)?.pathParamSchemas[
        name
      ];
    const readable = params((name) => anyId(schemaOf(name) ?? {}));
    const deletable = isOrderItemPath(ctx.spec, template) ? params(() => deletableId(ctx)) : undefined;
    const writable = isOrderItemPath(ctx.spec, template) ? params(() => writableId(ctx)) : undefined;
    const undefinedMethods = METHODS.filter((m) => !documented.includes(m) && !NEVER_SENT.includes(m));
    for (const method of [...documented, ...undefinedMethods]) {
      const operation = ctx.spec.operations.find((o) => o.path === template && o.method === method);
      const safe = !mayChangeState(method);
      const proof = needsProof(ctx.spec, method, template);
      const ids = !proof ? readable : safe || method === 'DELETE' ? deletable : writable;
      if (!ids || (!safe && !operation && ctx.writableIds.length === 0)) continue;
      const arbitrary = fc
        .record({ params: ids, query: proof ? fc.constant('') : query, auth })
        .map((r): ExploreRequest => ({ method, template, ...r, ...(operation ? { operation } : {}) }));
      const weight = operation ? 16 : SAFE_METHODS.includes(method) ? 2 : 1;
      choices.push({ arbitrary, weight });
    }
  }
  return fc.oneof({ withCrossShrink: true }, ...choices);
}
