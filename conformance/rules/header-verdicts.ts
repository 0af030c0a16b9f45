import type { Exchange, ExchangeResponse } from '../http/exchange.ts';
import {
  type Challenge,
  parseChallenges,
  parseDeprecationDate,
  parseImfFixdate,
  parseLinks,
} from '../http/syntax.ts';
import { quoted } from '../output/text.ts';
import { header } from './verdicts.ts';

// Verdicts on the headers of one answer that every grader shares: the challenge of a 401, the Allow of a 405,
// the dates and links of a deprecated route. Each returns details to follow the exchange's name.

/** The Bearer challenge of a `WWW-Authenticate` answer, if it has one. */
export function bearerChallenge(response: ExchangeResponse): Challenge | undefined {
  const value = header(response, 'www-authenticate');
  return value === undefined
    ? undefined
    : parseChallenges(value).find((c) => c.scheme.toLowerCase() === 'bearer');
}

/** What `auth.challenge` finds wrong with a 401: no WWW-Authenticate, no Bearer challenge, realm or scope twice. */
export function challengeProblems(response: ExchangeResponse): string[] {
  const value = header(response, 'www-authenticate');
  if (value === undefined) return [' without WWW-Authenticate'];
  const bearer = bearerChallenge(response);
  if (!bearer) return [`: WWW-Authenticate ${quoted(value)} has no Bearer challenge`];
  const repeated = ['realm', 'scope'].filter((n) => bearer.params.filter(([p]) => p === n).length > 1);
  return repeated.map((name) => `: ${name} appears more than once`);
}

/**
 * What `auth.challenge-error` finds wrong with a 401's Bearer challenge (RFC 6750 §3.1), by what was sent: no
 * credentials → no error code; a Bearer token that was refused → `error="invalid_token"`.
 */
export function challengeErrorProblems(
  response: ExchangeResponse,
  sent: 'nothing' | 'a refused token',
): string[] {
  const error = bearerChallenge(response)?.params.find(([name]) => name === 'error')?.[1];
  if (sent === 'nothing')
    return error === undefined ? [] : [` without credentials carries error=${quoted(error)}`];
  if (error === 'invalid_token') return [];
  return [` for a refused token carries ${error === undefined ? 'no error code' : `error=${quoted(error)}`}`];
}

/** What is wrong with a 405's `Allow`: missing, or omitting a method the spec documents for the path. */
export function allowProblems(response: ExchangeResponse, documented: readonly string[]): string[] {
  const allow = header(response, 'allow');
  if (allow === undefined) return [' without Allow'];
  const allowed = allow.split(',').map((m) => m.trim().toUpperCase());
  const missing = documented.filter((m) => !allowed.includes(m));
  return missing.length === 0 ? [] : [`: Allow ${quoted(allow)} omits the documented ${missing.join(', ')}`];
}

/** A header of a deprecated route's answer with a date in it, and the rule that reads it. */
export interface DatedHeader {
  rule: 'pets.deprecation' | 'pets.sunset';
  name: string;
  parse: (value: string) => number | undefined;
  form: string;
}

export const DATED_HEADERS = {
  deprecation: {
    rule: 'pets.deprecation',
    name: 'Deprecation',
    parse: parseDeprecationDate,
    form: 'an RFC 9745 date (@<seconds>)',
  },
  sunset: { rule: 'pets.sunset', name: 'Sunset', parse: parseImfFixdate, form: 'an IMF-fixdate' },
} as const satisfies Record<string, DatedHeader>;

/** What is wrong with one dated header of a deprecated route's answer: missing, or not in its form. */
export function datedHeaderProblems(
  response: ExchangeResponse,
  { name, parse, form }: DatedHeader,
): string[] {
  const value = header(response, name);
  if (value === undefined) return [` without ${name}`];
  return parse(value) === undefined ? [`: ${name}: ${quoted(value)} is not ${form}`] : [];
}

/** `pets.sunset-order` on one answer: undefined when Deprecation and Sunset cannot both be read. */
export function sunsetOrderProblems(response: ExchangeResponse): string[] | undefined {
  const deprecation = parseDeprecationDate(header(response, 'deprecation') ?? '');
  const sunset = parseImfFixdate(header(response, 'sunset') ?? '');
  if (deprecation === undefined || sunset === undefined) return undefined;
  return sunset < deprecation ? [': Sunset is before Deprecation'] : [];
}

/** `pets.sunset-link` on one answer: a `Link` with `rel="sunset"`. */
export const sunsetLinkProblems = (response: ExchangeResponse): string[] =>
  parseLinks(header(response, 'link') ?? '').some((l) => l.rel.includes('sunset'))
    ? []
    : [' without a Link rel="sunset"'];

/** The answer's Sunset, when it is readable and later than the moment the request was sent. */
export function sunsetAhead(exchange: Exchange): number | undefined {
  const sunset = parseImfFixdate(header(exchange.response ?? NO_RESPONSE, 'sunset') ?? '');
  return sunset !== undefined && sunset > exchange.startedAt ? sunset : undefined;
}

/** The answer's Sunset, when it is readable and not later than the moment the request was sent. */
export function sunsetPast(exchange: Exchange): number | undefined {
  const sunset = parseImfFixdate(header(exchange.response ?? NO_RESPONSE, 'sunset') ?? '');
  return sunset !== undefined && sunset <= exchange.startedAt ? sunset : undefined;
}

const NO_RESPONSE: ExchangeResponse = { status: 0, headers: {}, body: '', bodyBytes: 0, truncated: false };

/** `pets.deprecation-scope` on one answer of an operation the spec does not deprecate. */
export function deprecationScopeProblems(response: ExchangeResponse): string[] {
  const problems: string[] = [];
  const deprecation = header(response, 'deprecation');
  if (deprecation !== undefined) problems.push(` carries Deprecation: ${quoted(deprecation)}`);
  if (parseLinks(header(response, 'link') ?? '').some((l) => l.rel.includes('deprecation')))
    problems.push(' carries a Link rel="deprecation"');
  return problems;
}
