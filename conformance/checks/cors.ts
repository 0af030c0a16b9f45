import type { Exchange } from '../http/exchange.ts';
import { rule } from '../rules/catalogue.ts';
import { preflightProblems } from '../rules/cors-verdicts.ts';
import { responseOf, Skip, show, verdict } from '../rules/outcome.ts';
import { header } from '../rules/verdicts.ts';
import type { Check } from './registry.ts';
import type { CheckContext } from './session.ts';

/** A made-up browser origin; `.invalid` can never be a real site. */
const ORIGIN = 'https://app.conformance.invalid';

const allowsOrigin = (exchange: Exchange): boolean => {
  const value = exchange.response && header(exchange.response, 'access-control-allow-origin');
  return value === '*' || value === ORIGIN;
};

const listed = (value: string | undefined): string[] =>
  (value ?? '').split(',').map((v) => v.trim().toLowerCase());

/** One preflight per documented path, for its first documented method, as a browser sends it: no credentials. */
async function preflights(ctx: CheckContext): Promise<Array<{ method: string; exchange: Exchange }>> {
  const done: Array<{ method: string; exchange: Exchange }> = [];
  for (const path of new Set(ctx.spec.operations.map((o) => o.path))) {
    const operation = ctx.spec.operations.find((o) => o.path === path);
    if (!operation) continue;
    const concrete = await ctx.pathFor(operation).catch((error: unknown) => {
      if (error instanceof Skip) return undefined;
      throw error;
    });
    if (!concrete) continue;
    const exchange = await ctx.send(`preflight:${path}`, {
      method: 'OPTIONS',
      path: concrete,
      auth: 'none',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': operation.method,
        'access-control-request-headers': 'authorization',
      },
    });
    done.push({ method: operation.method, exchange });
  }
  return done;
}

export const corsChecks: Check[] = [
  {
    ...rule('cors.preflight'),
    async run(ctx) {
      const answers = await preflights(ctx);
      if (answers.length === 0) throw new Skip('no documented path could be filled in');
      // The verdict the proxy grades preflights with too (rules/cors-verdicts.ts).
      const problems = answers.flatMap(({ method, exchange }) =>
        preflightProblems(responseOf(exchange), { origin: ORIGIN, method, authorization: true }).map(
          (problem) => `${show(exchange)}${problem}`,
        ),
      );
      return verdict(problems, `${answers.length} preflight(s) allow the origin, method and Authorization`);
    },
  },
  {
    ...rule('cors.allow-origin'),
    async run(ctx) {
      const request = {
        method: 'GET',
        path: '/store/orders',
        operationId: 'listOrders',
        headers: { origin: ORIGIN },
      };
      const answers = [await ctx.send('cors:none', { ...request, auth: 'none' })];
      if (ctx.options.credential) answers.push(await ctx.send('cors:valid', { ...request, auth: 'valid' }));
      const problems = answers.flatMap((exchange) => {
        if (!allowsOrigin(exchange))
          return [`${show(exchange)} without Access-Control-Allow-Origin for ${ORIGIN}`];
        // An answer that names the origin differs by origin: a cache must key it on Origin.
        const reflected = header(responseOf(exchange), 'access-control-allow-origin') === ORIGIN;
        const vary = listed(header(responseOf(exchange), 'vary'));
        return reflected && !vary.includes('origin') && !vary.includes('*')
          ? [`${show(exchange)} reflects the origin without Vary: Origin`]
          : [];
      });
      return verdict(problems, `${answers.map(show).join('; ')} allow the origin`);
    },
  },
];
