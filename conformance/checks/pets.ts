import type { ExchangeResponse } from '../http/exchange.ts';
import { carriesDeprecation } from '../rules/answers.ts';
import { rule } from '../rules/catalogue.ts';
import {
  DATED_HEADERS,
  type DatedHeader,
  datedHeaderProblems,
  sunsetLinkProblems,
  sunsetOrderProblems,
} from '../rules/header-verdicts.ts';
import { responseOf, Skip, show, verdict } from '../rules/outcome.ts';
import { deprecatedProbes } from './probes.ts';
import type { Check } from './registry.ts';
import type { CheckContext } from './session.ts';

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
