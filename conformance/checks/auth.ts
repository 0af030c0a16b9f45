import type { Operation } from '../contract/spec.ts';
import type { AuthMode, Exchange } from '../http/exchange.ts';
import { type NearMiss, nearMissesOf } from '../http/near-miss.ts';
import { parseChallenges } from '../http/syntax.ts';
import { quoted } from '../output/text.ts';
import { Failure, responseOf, Skip, show, verdict } from '../rules/outcome.ts';
import { header } from '../rules/verdicts.ts';
import { allAuthProbes, baseline, deprecatedProbes, listWithNearMiss } from './probes.ts';
import type { Check } from './registry.ts';
import type { CheckContext } from './session.ts';

/**
 * A deprecated route past its sunset may be gone (RFC 9745 §5: 410, or another 4xx/3xx). It counts as retired,
 * not as failing auth, when it answers 410, or when it answers the valid key with the same 3xx/404.
 */
async function retired(ctx: CheckContext, operation: Operation, status: number): Promise<boolean> {
  if (!operation.deprecated) return false;
  if (status === 410) return true;
  if (!ctx.options.apiKey || (status !== 404 && (status < 300 || status > 399))) return false;
  const withKey = (await deprecatedProbes(ctx)).find((p) => p.operation === operation);
  return withKey?.exchange.response?.status === status;
}

const NEAR_MISS_SAID: Record<NearMiss, string> = {
  'extra-char': 'with a character added',
  'last-char-dropped': 'without its last character',
  'case-changed': 'with its case changed',
  'char-changed': 'with its last character changed',
};

/** Every operation answers the given kind of bad credentials with 401. */
const rejects =
  (mode: AuthMode) =>
  async (ctx: CheckContext): Promise<string> => {
    const problems: string[] = [];
    const notes: string[] = [];
    let answered401 = 0;
    for (const { operation, exchange, skipped } of await allAuthProbes(ctx, [mode])) {
      const status = exchange?.response?.status;
      if (skipped) notes.push(`${operation.operationId} not checked: ${skipped}`);
      else if (status === 401) answered401++;
      else if (status !== undefined && (await retired(ctx, operation, status))) {
        notes.push(`${operation.operationId} answered ${status}: deprecated and gone (past its sunset)`);
      } else if (exchange) problems.push(`${show(exchange)}, expected 401`);
    }
    if (answered401 === 0 && problems.length === 0) throw new Skip(notes.join('; '));
    return verdict(problems, [`${answered401} operation(s) answered 401`, ...notes].join('; '));
  };

const bearerChallenge = (exchange: Exchange) => {
  const value = exchange.response && header(exchange.response, 'www-authenticate');
  return value === undefined
    ? undefined
    : parseChallenges(value).find((c) => c.scheme.toLowerCase() === 'bearer');
};

const seen401 = async (ctx: CheckContext): Promise<Exchange[]> => {
  await baseline(ctx);
  // Only requests to operations: a 401 to a preflight is cors.preflight's failure, not a challenge problem.
  return ctx.seen().filter((e) => e.response?.status === 401 && e.request.operationId !== undefined);
};

export const authChecks: Check[] = [
  {
    id: 'auth.missing-key',
    severity: 'must',
    title: 'Every operation answers a request without credentials with 401',
    reference: 'Spec: Authentication; Endpoints (401)',
    run: rejects('none'),
  },
  {
    id: 'auth.wrong-key',
    severity: 'must',
    title: 'Every operation answers a wrong key with 401',
    reference: 'Spec: Authentication; Endpoints (401)',
    run: rejects('wrong'),
  },
  {
    id: 'auth.near-miss-key',
    severity: 'must',
    title: 'Near misses of the key (one character more, one less, another case, one changed) answer 401',
    reference: 'Spec: Authentication (the API key, compared exactly)',
    requires: ['apiKey'],
    async run(ctx) {
      const kinds = nearMissesOf(ctx.options.apiKey ?? '');
      if (kinds.length === 0) throw new Skip('the key has no near miss that differs from it');
      const problems: string[] = [];
      for (const kind of kinds) {
        const exchange = await listWithNearMiss(ctx, kind);
        if (responseOf(exchange).status !== 401)
          problems.push(`${show(exchange)} for the key ${NEAR_MISS_SAID[kind]}`);
      }
      return verdict(problems, `${kinds.length} near miss(es) of the key answered 401`);
    },
  },
  {
    id: 'auth.non-bearer',
    severity: 'must',
    title: 'Every operation answers the key under a non-Bearer scheme (Basic) with 401',
    reference: 'Spec: Authentication (HTTP bearer)',
    run: rejects('non-bearer'),
  },
];

export const challengeChecks: Check[] = [
  {
    id: 'auth.challenge',
    severity: 'should',
    title: 'Every 401 carries WWW-Authenticate with a Bearer challenge (realm and scope at most once)',
    reference: 'RFC 9110 §15.5.2; RFC 6750 §3',
    async run(ctx) {
      const answers = await seen401(ctx);
      if (answers.length === 0) throw new Skip('no 401 answer seen');
      const problems = answers.flatMap((exchange) => {
        const value = exchange.response && header(exchange.response, 'www-authenticate');
        if (value === undefined) return [`${show(exchange)} without WWW-Authenticate`];
        const bearer = bearerChallenge(exchange);
        if (!bearer) return [`${show(exchange)}: WWW-Authenticate ${quoted(value)} has no Bearer challenge`];
        const repeated = ['realm', 'scope'].filter((n) => bearer.params.filter(([p]) => p === n).length > 1);
        return repeated.map((name) => `${show(exchange)}: ${name} appears more than once`);
      });
      return verdict(problems, `${answers.length} 401 answer(s) carry a Bearer challenge`);
    },
  },
  {
    id: 'auth.challenge-error',
    severity: 'should',
    title: 'The challenge has error="invalid_token" for a wrong key and no error code without credentials',
    reference: 'RFC 6750 §3.1',
    async run(ctx) {
      // Only answers with a Bearer challenge are graded here; a missing challenge is auth.challenge's failure.
      const graded = (await seen401(ctx)).filter(
        (e) => (e.request.auth === 'none' || e.request.auth === 'wrong') && bearerChallenge(e),
      );
      if (graded.length === 0)
        throw new Skip('no 401 with a Bearer challenge seen for a missing or wrong key');
      const problems = graded.flatMap((exchange) => {
        const error = bearerChallenge(exchange)?.params.find(([name]) => name === 'error')?.[1];
        if (exchange.request.auth === 'none' && error !== undefined) {
          return [`${show(exchange)} without credentials carries error=${quoted(error)}`];
        }
        if (exchange.request.auth === 'wrong' && error !== 'invalid_token') {
          return [
            `${show(exchange)} for a wrong key carries ${error ? `error=${quoted(error)}` : 'no error code'}`,
          ];
        }
        return [];
      });
      return verdict(problems, `${graded.length} challenge(s) use the right error code`);
    },
  },
  {
    id: 'auth.scheme-case',
    severity: 'should',
    title: 'The auth scheme is case-insensitive: "bearer <key>" is accepted',
    reference: 'RFC 9110 §11.1',
    requires: ['apiKey'],
    async run(ctx) {
      const exchange = await ctx.send('list:lowercase-bearer', {
        method: 'GET',
        path: '/store/orders',
        auth: 'lowercase-bearer',
        operationId: 'listOrders',
      });
      if (responseOf(exchange).status === 401) throw new Failure(`${show(exchange)} for "bearer <key>"`);
      return `${show(exchange)} for "bearer <key>"`;
    },
  },
];
