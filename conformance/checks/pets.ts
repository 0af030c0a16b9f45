import type { ExchangeResponse } from '../http/exchange.ts';
import { parseDeprecationDate, parseImfFixdate, parseLinks } from '../http/syntax.ts';
import { quoted } from '../output/text.ts';
import { responseOf, Skip, show, verdict } from '../rules/outcome.ts';
import { header } from '../rules/verdicts.ts';
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
    .map(({ exchange }) => ({ label: show(exchange), response: responseOf(exchange) }))
    .filter(({ response }) => (response.status >= 200 && response.status < 300) || response.status === 410);
  if (graded.length === 0) {
    const seen = probes.map((p) => show(p.exchange)).join('; ');
    throw new Skip(
      `no 2xx or 410 answer to read the headers from (${seen}); pass --pet-id of an existing pet`,
    );
  }
  return graded;
}

const headerCheck = (
  name: string,
  parse: (value: string) => number | undefined,
  form: string,
): Check['run'] =>
  async function run(ctx) {
    const problems = (await deprecatedAnswers(ctx)).flatMap(({ label, response }) => {
      const value = header(response, name);
      if (value === undefined) return [`${label} without ${name}`];
      return parse(value) === undefined ? [`${label}: ${name}: ${quoted(value)} is not ${form}`] : [];
    });
    return verdict(problems, `${name} is ${form}`);
  };

export const petChecks: Check[] = [
  {
    id: 'pets.deprecation',
    severity: 'should',
    title: 'The deprecated route sends Deprecation as an RFC 9745 date (@<seconds>)',
    reference: 'RFC 9745 §2.1',
    requires: ['apiKey'],
    run: headerCheck('Deprecation', parseDeprecationDate, 'an RFC 9745 date (@<seconds>)'),
  },
  {
    id: 'pets.sunset',
    severity: 'should',
    title: 'The deprecated route sends Sunset as an IMF-fixdate',
    reference: 'RFC 8594 §3; RFC 9110 §5.6.7',
    requires: ['apiKey'],
    run: headerCheck('Sunset', parseImfFixdate, 'an IMF-fixdate'),
  },
  {
    id: 'pets.sunset-order',
    severity: 'should',
    title: 'Sunset is not earlier than Deprecation',
    reference: 'RFC 9745 §4',
    requires: ['apiKey'],
    async run(ctx) {
      const problems: string[] = [];
      let compared = 0;
      for (const { label, response } of await deprecatedAnswers(ctx)) {
        const deprecation = parseDeprecationDate(header(response, 'deprecation') ?? '');
        const sunset = parseImfFixdate(header(response, 'sunset') ?? '');
        if (deprecation === undefined || sunset === undefined) continue;
        compared++;
        if (sunset < deprecation) problems.push(`${label}: Sunset is before Deprecation`);
      }
      if (compared === 0)
        throw new Skip('no readable Deprecation and Sunset pair (see pets.deprecation, pets.sunset)');
      return verdict(problems, 'Sunset is not before Deprecation');
    },
  },
  {
    id: 'pets.sunset-link',
    severity: 'should',
    title: 'The deprecated route links its sunset policy with Link rel="sunset"',
    reference: 'RFC 8594 §6',
    requires: ['apiKey'],
    async run(ctx) {
      const problems = (await deprecatedAnswers(ctx)).flatMap(({ label, response }) => {
        const links = parseLinks(header(response, 'link') ?? '');
        return links.some((l) => l.rel.includes('sunset')) ? [] : [`${label} without a Link rel="sunset"`];
      });
      return verdict(problems, 'Link rel="sunset" present');
    },
  },
];
