import type { ExchangeResponse } from '../http/exchange.ts';
import { carriesDeprecation } from '../rules/answers.ts';
import { rule } from '../rules/catalogue.ts';
import {
  DATED_HEADERS,
  type DatedHeader,
  datedHeaderProblems,
  deprecationScopeProblems,
  sunsetAhead,
  sunsetLinkProblems,
  sunsetOrderProblems,
  sunsetPast,
} from '../rules/header-verdicts.ts';
import { responseOf, Skip, show, verdict } from '../rules/outcome.ts';
import { errorBodyProblems, header } from '../rules/verdicts.ts';
import { baseline, deprecatedProbes } from './probes.ts';
import type { Check } from './registry.ts';
import type { CheckContext } from './session.ts';
import { seenAnswers } from './support.ts';

interface Graded {
  label: string;
  response: ExchangeResponse;
}

/** The deprecated routes' answers that carry the headers: a 2xx, or the 410 after the sunset. */
async function deprecatedAnswers(ctx: CheckContext): Promise<Graded[]> {
  const probes = await deprecatedProbes(ctx);
  if (probes.length === 0) throw new Skip('the spec marks no operation deprecated');
  const graded = probes
    .filter(({ operation, exchange }) => carriesDeprecation(operation, responseOf(exchange)))
    .map(({ exchange }) => ({ label: show(exchange), response: responseOf(exchange) }));
  if (graded.length === 0) {
    const seen = probes.map((p) => show(p.exchange)).join('; ');
    throw new Skip(
      `no 2xx or 410 answer to read the headers from (${seen}); pass --pet-id of an existing pet`,
    );
  }
  return graded;
}

const headerCheck =
  (dated: DatedHeader): Check['run'] =>
  async (ctx) => {
    const problems = (await deprecatedAnswers(ctx)).flatMap(({ label, response }) =>
      datedHeaderProblems(response, dated).map((p) => `${label}${p}`),
    );
    return verdict(problems, `${dated.name} is ${dated.form}`);
  };

export const petChecks: Check[] = [
  {
    ...rule('pets.deprecation'),
    requires: ['apiKey'],
    run: headerCheck(DATED_HEADERS.deprecation),
  },
  {
    ...rule('pets.sunset'),
    requires: ['apiKey'],
    run: headerCheck(DATED_HEADERS.sunset),
  },
  {
    ...rule('pets.sunset-order'),
    requires: ['apiKey'],
    async run(ctx) {
      const problems: string[] = [];
      let compared = 0;
      for (const { label, response } of await deprecatedAnswers(ctx)) {
        const found = sunsetOrderProblems(response);
        if (found === undefined) continue;
        compared++;
        problems.push(...found.map((p) => `${label}${p}`));
      }
      if (compared === 0)
        throw new Skip('no readable Deprecation and Sunset pair (see pets.deprecation, pets.sunset)');
      return verdict(problems, 'Sunset is not before Deprecation');
    },
  },
  {
    ...rule('pets.sunset-link'),
    requires: ['apiKey'],
    async run(ctx) {
      const problems = (await deprecatedAnswers(ctx)).flatMap(({ label, response }) =>
        sunsetLinkProblems(response).map((p) => `${label}${p}`),
      );
      return verdict(problems, 'Link rel="sunset" present');
    },
  },
];

/** Whether the deprecated route is retired when its Sunset says: live before, gone (with an Error) after. */
export const sunsetChecks: Check[] = [
  {
    ...rule('pets.live-until-sunset'),
    requires: ['apiKey'],
    async run(ctx) {
      const probes = await deprecatedProbes(ctx);
      if (probes.length === 0) throw new Skip('the spec marks no operation deprecated');
      const problems = probes
        .filter(({ exchange }) => responseOf(exchange).status === 410 && sunsetAhead(exchange) !== undefined)
        .map(({ exchange }) => {
          const sunset = header(responseOf(exchange), 'sunset') ?? '';
          return `${show(exchange)} while its Sunset (${sunset}) is still ahead: retired too early`;
        });
      return verdict(problems, probes.map(({ exchange }) => show(exchange)).join('; '));
    },
  },
  {
    ...rule('pets.after-sunset'),
    requires: ['apiKey'],
    async run(ctx) {
      const probes = await deprecatedProbes(ctx);
      const past = probes.filter(({ exchange }) => sunsetPast(exchange) !== undefined);
      const ahead = probes.filter(({ exchange }) => sunsetAhead(exchange) !== undefined);
      if (past.length === 0 && ahead.length === 0) throw new Skip('no answer with a readable Sunset');
      if (past.length === 0)
        return `${ahead.map(({ exchange }) => show(exchange)).join('; ')}: its Sunset is still ahead`;
      const problems = past.flatMap(({ exchange }) => {
        const response = responseOf(exchange);
        if (response.status >= 200 && response.status < 300)
          return [`${show(exchange)}, yet its Sunset (${header(response, 'sunset')}) has passed`];
        if (response.status !== 410) return [];
        return errorBodyProblems(ctx.spec, response).map((p) => `${show(exchange)}: ${p}`);
      });
      return verdict(problems, `${past.map(({ exchange }) => show(exchange)).join('; ')}: retired`);
    },
  },
];

export const deprecationScopeChecks: Check[] = [
  {
    ...rule('pets.deprecation-scope'),
    async run(ctx) {
      await baseline(ctx);
      const graded = seenAnswers(ctx).filter(({ answer }) => answer.operation?.deprecated === false);
      if (graded.length === 0) throw new Skip('no answer of an operation that is not deprecated seen');
      const problems = graded.flatMap(({ exchange, answer }) =>
        deprecationScopeProblems(answer.response).map((p) => `${show(exchange)}${p}`),
      );
      return verdict(
        problems,
        `${graded.length} answer(s) of operations not deprecated carry no Deprecation`,
      );
    },
  },
];
