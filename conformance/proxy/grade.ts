import { orderFieldProblems } from '../checks/orders.ts';
import { isInt64, orderIdsFromJson } from '../contract/raw-json.ts';
import type { Operation, Spec } from '../contract/spec.ts';
import type { ExchangeResponse } from '../http/exchange.ts';
import {
  isJsonMediaType,
  mediaType,
  parseChallenges,
  parseDeprecationDate,
  parseImfFixdate,
  parseLinks,
} from '../http/syntax.ts';
import type { CheckInfo } from '../rules/rule.ts';
import { errorBodyProblems, header, jsonBody } from '../rules/verdicts.ts';
import { matchOperation, pathParam } from './match.ts';
import { RULES } from './rules.ts';

/** One forwarded exchange, as grading needs it (the body decoded, read from the graded copy). */
export interface Observed {
  method: string;
  /** Below the base URL, without the query, e.g. `/store/orders/42`. */
  path: string;
  authorization: string | undefined;
  /** A CORS preflight is no operation; it is forwarded and counted, not graded. */
  preflight: boolean;
  response: ExchangeResponse;
  /** Why the body is not graded (over the limit, interrupted, undecodable); undefined when it is. */
  bodyNotGraded?: string;
}

export interface Finding {
  rule: CheckInfo;
  message: string;
}

export interface Graded {
  operation?: Operation;
  /** Ids of the rules this exchange was graded by (passed or not). */
  applied: string[];
  findings: Finding[];
}

/** Grades one exchange by the single-exchange rules; never throws on what the upstream sent. */
export function gradeExchange(spec: Spec, observed: Observed): Graded {
  const { method, path, response } = observed;
  const shown = `${method} ${path} → ${response.status}`;
  if (observed.preflight) return { applied: [], findings: [] };
  const match = matchOperation(spec, method, path);
  if (match.kind !== 'operation') {
    const why =
      match.kind === 'undocumented-path'
        ? 'no operation of the spec has this path'
        : `${match.path} documents ${match.methods.join(', ')} only`;
    const rule = RULES.undocumented;
    return { applied: [rule.id], findings: [{ rule, message: `${shown}: ${why}` }] };
  }
  const { operation } = match;
  const verdicts: Verdict[] = [];
  if (!operation.statuses.includes(String(response.status)) && !operation.statuses.includes('default')) {
    verdicts.push([RULES.documentedStatus, [`, not a status documented for ${operation.operationId}`]]);
  }
  if (observed.bodyNotGraded !== undefined) {
    verdicts.push([RULES.bodyNotGraded, [`: body not graded (${observed.bodyNotGraded})`]]);
  } else {
    verdicts.push(...bodyVerdicts(spec, operation, observed));
  }
  if (response.status === 401) verdicts.push(...challengeVerdicts(observed));
  if (response.status === 204) {
    const sent = ['content-length', 'content-type'].filter((n) => header(response, n) !== undefined);
    verdicts.push([RULES.noContent, sent.map((n) => ` carries ${n}: ${header(response, n)}`)]);
  }
  const deprecatedAnswer = (response.status >= 200 && response.status < 300) || response.status === 410;
  if (operation.deprecated && deprecatedAnswer) verdicts.push(...deprecationVerdicts(response));
  const applied = [...new Set(verdicts.map(([rule]) => rule.id))];
  // One finding per rule and exchange, its problems joined: a body missing three fields is one violation.
  const findings = verdicts
    .filter(([, problems]) => problems.length > 0)
    .map(([rule, [first, ...rest]]) => ({
      rule,
      message: [`${shown}${first}`, ...rest.map((p) => p.replace(/^[:,]?\s*/, ''))].join('; '),
    }));
  return { operation, applied, findings };
}

type Verdict = [rule: CheckInfo, problems: string[]];
const prefixed = (problems: string[]): string[] => problems.map((p) => `: ${p}`);

/**
 * The media type: exactly application/json for the bodies the spec declares (the list's 200, the Error bodies
 * it states), labelled as JSON for any other JSON body.
 */
function mediaTypeVerdicts(response: ExchangeResponse, stated: boolean): Verdict[] {
  const type = header(response, 'content-type');
  const shown = JSON.stringify(type ?? null);
  if (stated) {
    if (response.bodyBytes === 0) return [];
    return [[RULES.mediaType, mediaType(type) === 'application/json' ? [] : [` is labelled ${shown}`]]];
  }
  if (!jsonBody(response).ok) return [];
  return [[RULES.contentType, isJsonMediaType(type) ? [] : [` sends JSON as ${shown}`]]];
}

function listVerdicts(spec: Spec, response: ExchangeResponse): Verdict[] {
  const body = jsonBody(response);
  if (!body.ok) return [[RULES.orderList, [`: ${body.reason}`]]];
  const schema = spec.validateResponse('listOrders', 200, body.value) ?? [];
  // Ids read from the raw text: JSON.parse rounds beyond 2^53, which would hide (or invent) a problem.
  const ids = (orderIdsFromJson(response.body) ?? []).filter((id) => !isInt64(id));
  const verdicts: Verdict[] = [
    [RULES.orderList, prefixed([...schema, ...ids.map((id) => `id ${id} is not an int64`)])],
  ];
  // As in the suite, the should rules read a list that is valid under the spec's own (ISO 8601) reading.
  if (schema.length === 0 && Array.isArray(body.value)) {
    verdicts.push([
      RULES.dateTime,
      prefixed(spec.validateResponse('listOrders', 200, body.value, 'rfc3339') ?? []),
    ]);
    verdicts.push([RULES.orderFields, prefixed(orderFieldProblems(spec, body.value))]);
  }
  return verdicts;
}

/** The body rules the spec sets for this operation and status, the media type included. */
function bodyVerdicts(spec: Spec, operation: Operation, observed: Observed): Verdict[] {
  const { response, path } = observed;
  const status = response.status;
  if (operation.operationId === 'listOrders' && status === 200) {
    return [...mediaTypeVerdicts(response, true), ...listVerdicts(spec, response)];
  }
  const stated = (problems: string[]): Verdict[] => [
    ...mediaTypeVerdicts(response, true),
    [RULES.errorBody, prefixed(problems)],
  ];
  if (status === 401) return stated(errorBodyProblems(spec, response));
  const id = operation.operationId === 'cancelOrder' ? pathParam(operation, path, 'orderId') : undefined;
  const malformed = operation.operationId === 'cancelOrder' && (id === undefined || !isInt64(id));
  const others = mediaTypeVerdicts(response, false);
  if (malformed && status >= 500)
    return [...others, [RULES.malformedId, [', expected 4xx for a malformed id']]];
  if (malformed && status >= 400)
    return [...others, [RULES.malformedId, prefixed(errorBodyProblems(spec, response))]];
  if (operation.operationId !== 'cancelOrder' || malformed) return others;
  if (status === 404) return stated(errorBodyProblems(spec, response));
  if (status === 409 && response.bodyBytes > 0) {
    return [...others, [RULES.conflictBody, prefixed(errorBodyProblems(spec, response))]];
  }
  return others;
}

function challengeVerdicts(observed: Observed): Verdict[] {
  const value = header(observed.response, 'www-authenticate');
  if (value === undefined) return [[RULES.challenge, [' without WWW-Authenticate']]];
  const bearer = parseChallenges(value).find((c) => c.scheme.toLowerCase() === 'bearer');
  if (!bearer) {
    return [[RULES.challenge, [`: WWW-Authenticate ${JSON.stringify(value)} has no Bearer challenge`]]];
  }
  const repeated = ['realm', 'scope'].filter((n) => bearer.params.filter(([p]) => p === n).length > 1);
  const verdicts: Verdict[] = [[RULES.challenge, repeated.map((n) => `: ${n} appears more than once`)]];
  // RFC 6750 §3.1 by what the client sent: nothing → no error code; a Bearer token (any case) → invalid_token.
  // The proxy has no key, so a lower-case `bearer` refused here may simply be a wrong key: never flagged.
  const error = bearer.params.find(([name]) => name === 'error')?.[1];
  const scheme = observed.authorization?.trim().split(/\s+/)[0]?.toLowerCase();
  if (observed.authorization === undefined) {
    verdicts.push([
      RULES.challengeError,
      error === undefined ? [] : [` without credentials carries error="${error}"`],
    ]);
  } else if (scheme === 'bearer' && error !== 'invalid_token') {
    verdicts.push([
      RULES.challengeError,
      [` for a refused token carries ${error ? `error="${error}"` : 'no error code'}`],
    ]);
  } else if (scheme === 'bearer') {
    verdicts.push([RULES.challengeError, []]);
  }
  return verdicts;
}

function deprecationVerdicts(response: ExchangeResponse): Verdict[] {
  const dated = (
    name: string,
    parse: (v: string) => number | undefined,
    form: string,
    rule: CheckInfo,
  ): Verdict => {
    const value = header(response, name);
    if (value === undefined) return [rule, [` without ${name}`]];
    return [rule, parse(value) === undefined ? [`: ${name}: ${value} is not ${form}`] : []];
  };
  const verdicts = [
    dated('deprecation', parseDeprecationDate, 'an RFC 9745 date (@<seconds>)', RULES.deprecation),
    dated('sunset', parseImfFixdate, 'an IMF-fixdate', RULES.sunset),
  ];
  const deprecation = parseDeprecationDate(header(response, 'deprecation') ?? '');
  const sunset = parseImfFixdate(header(response, 'sunset') ?? '');
  if (deprecation !== undefined && sunset !== undefined) {
    verdicts.push([RULES.sunsetOrder, sunset < deprecation ? [': Sunset is before Deprecation'] : []]);
  }
  const links = parseLinks(header(response, 'link') ?? '');
  verdicts.push([
    RULES.sunsetLink,
    links.some((l) => l.rel.includes('sunset')) ? [] : [' without a Link rel="sunset"'],
  ]);
  return verdicts;
}
