import type { Operation } from '../contract/spec.ts';
import { EXTRA_WORD } from '../http/client.ts';
import type { AuthMode, Exchange } from '../http/exchange.ts';
import { type NearMiss, nearMissesOf } from '../http/near-miss.ts';
import { rule } from '../rules/catalogue.ts';
import {
  bearerChallenge,
  challengeErrorProblems,
  challengeProblems,
  sunsetAhead,
} from '../rules/header-verdicts.ts';
import { Failure, responseOf, Skip, show, verdict } from '../rules/outcome.ts';
import { LIST } from './cancels.ts';
import {
  AUTH_VARIANTS,
  type AuthVariant,
  allAuthProbes,
  baseline,
  deprecatedProbes,
  headOfList,
  listWithNearMiss,
} from './probes.ts';
import type { Check } from './registry.ts';
import type { CheckContext } from './session.ts';

/**
 * A deprecated route past its sunset may be gone (RFC 9745 §5: 410, or another 4xx/3xx). It counts as retired,
 * not as failing auth, when it answers 410 with no Sunset still ahead, or when it answers the valid key with the
 * same 3xx/404.
 */
async function retired(ctx: CheckContext, operation: Operation, exchange: Exchange): Promise<boolean> {
  if (!operation.deprecated) return false;
  const status = responseOf(exchange).status;
  // A 410 before the route's Sunset is no retirement (pets.live-until-sunset grades the route itself).
  if (status === 410) return !sunsetAhead(exchange);
  if (!ctx.options.credential || (status !== 404 && (status < 300 || status > 399))) return false;
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
  (mode: AuthMode, variants: readonly AuthVariant[] = []) =>
  async (ctx: CheckContext): Promise<string> => {
    const problems: string[] = [];
    const notes: string[] = [];
    let answered401 = 0;
    for (const { operation, exchange, skipped } of await allAuthProbes(ctx, [mode], variants)) {
      const status = exchange?.response?.status;
      if (skipped) notes.push(`${operation.operationId} not checked: ${skipped}`);
      else if (status === 401) answered401++;
      else if (exchange && status !== undefined && (await retired(ctx, operation, exchange))) {
        notes.push(`${operation.operationId} answered ${status}: deprecated and gone (past its sunset)`);
      } else if (exchange) problems.push(`${show(exchange)}, expected 401`);
    }
    if (answered401 === 0 && problems.length === 0) throw new Skip(notes.join('; '));
    return verdict(problems, [`${answered401} operation(s) answered 401`, ...notes].join('; '));
  };

const seen401 = async (ctx: CheckContext): Promise<Exchange[]> => {
  await baseline(ctx);
  // Only requests to operations: a 401 to a preflight is cors.preflight's failure, not a challenge problem.
  return ctx.seen().filter((e) => e.response?.status === 401 && e.request.operationId !== undefined);
};

export const authChecks: Check[] = [
  {
    ...rule('auth.missing-key'),
    run: rejects('none', AUTH_VARIANTS),
  },
  {
    ...rule('auth.wrong-key'),
    run: rejects('wrong', AUTH_VARIANTS),
  },
  {
    ...rule('auth.near-miss-key'),
    requires: ['apiKey'],
    async run(ctx) {
      // Derived from the credential in use: a token fetched for the run has near misses of its own.
      const kinds = nearMissesOf((await ctx.currentCredential()) ?? '');
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
    ...rule('auth.non-bearer'),
    run: rejects('non-bearer'),
  },
];

export const challengeChecks: Check[] = [
  {
    ...rule('auth.challenge'),
    async run(ctx) {
      const answers = await seen401(ctx);
      if (answers.length === 0) throw new Skip('no 401 answer seen');
      const problems = answers.flatMap((exchange) =>
        challengeProblems(responseOf(exchange)).map((p) => `${show(exchange)}${p}`),
      );
      return verdict(problems, `${answers.length} 401 answer(s) carry a Bearer challenge`);
    },
  },
  {
    ...rule('auth.challenge-error'),
    async run(ctx) {
      // Only answers with a Bearer challenge are graded here; a missing challenge is auth.challenge's failure.
      const graded = (await seen401(ctx)).filter(
        (e) => (e.request.auth === 'none' || e.request.auth === 'wrong') && bearerChallenge(responseOf(e)),
      );
      if (graded.length === 0)
        throw new Skip('no 401 with a Bearer challenge seen for a missing or wrong key');
      const problems = graded.flatMap((exchange) => {
        const sent = exchange.request.auth === 'none' ? 'nothing' : 'a refused token';
        return challengeErrorProblems(responseOf(exchange), sent).map((p) => `${show(exchange)}${p}`);
      });
      return verdict(problems, `${graded.length} challenge(s) use the right error code`);
    },
  },
  {
    ...rule('auth.extra-word'),
    requires: ['apiKey'],
    async run(ctx) {
      const exchange = await ctx.send('list:extra-word', { ...LIST, auth: 'extra-word' });
      const status = responseOf(exchange).status;
      if (status !== 401 && status !== 400)
        throw new Failure(`${show(exchange)} for "Bearer <key> ${EXTRA_WORD}", expected 401 or 400`);
      return `${show(exchange)} for "Bearer <key> ${EXTRA_WORD}"`;
    },
  },
  {
    ...rule('auth.head'),
    async run(ctx) {
      const exchange = await headOfList(ctx, 'none');
      const status = responseOf(exchange).status;
      if (status < 400) throw new Failure(`${show(exchange)} without credentials, expected 401 as for GET`);
      if (status !== 401) return `${show(exchange)} without credentials (HEAD itself: see http.head)`;
      return `${show(exchange)} without credentials`;
    },
  },
  {
    ...rule('auth.scheme-case'),
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
