import type { Operation, Spec } from '../contract/spec.ts';
import type { ExchangeResponse } from '../http/exchange.ts';
import {
  type Answer,
  carriesDeprecation,
  documentsStatus,
  idsWellFormed,
  listsOrders,
  statesErrorBody,
} from '../rules/answers.ts';
import { rule } from '../rules/catalogue.ts';
import { type PreflightAsked, preflightProblems } from '../rules/cors-verdicts.ts';
import {
  bearerChallenge,
  challengeErrorProblems,
  challengeProblems,
  DATED_HEADERS,
  datedHeaderProblems,
  sunsetLinkProblems,
  sunsetOrderProblems,
} from '../rules/header-verdicts.ts';
import type { CheckInfo } from '../rules/rule.ts';
import {
  errorBodyProblems,
  labelVerdict,
  malformedIdProblems,
  noContentProblems,
} from '../rules/verdicts.ts';
import { listVerdicts, type Verdict } from './list-verdicts.ts';
import { matchOperation } from './match.ts';

/** One forwarded exchange, as grading needs it (the body decoded, read from the graded copy). */
export interface Observed {
  method: string;
  /** Below the base URL, without the query, e.g. `/store/orders/42`. */
  path: string;
  authorization: string | undefined;
  /** What a CORS preflight asked (no operation: graded by `cors.preflight` only); undefined for any other request. */
  preflight?: PreflightAsked;
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

/**
 * The 5xx an edge in front of the application answers on its own (a gateway's overload, a timeout, a bad
 * hop): not the application's answer, so no more than undocumented (`should`); any other 5xx is `must`.
 */
const GATEWAY_STATUSES = [502, 503, 504];

/** The preflight's request headers, read through `header` (lower-case names); undefined when it is no preflight. */
export function preflightOf(
  method: string,
  header: (name: string) => string | undefined,
): PreflightAsked | undefined {
  const asked = header('access-control-request-method');
  if (method !== 'OPTIONS' || asked === undefined) return undefined;
  const names = (header('access-control-request-headers') ?? '')
    .split(',')
    .map((n) => n.trim().toLowerCase());
  return { origin: header('origin'), method: asked.trim(), authorization: names.includes('authorization') };
}

/** Grades one exchange by the catalogue's single-exchange rules; never throws on what the upstream sent. */
export function gradeExchange(spec: Spec, observed: Observed): Graded {
  const { method, path, response } = observed;
  const shown = `${method} ${path} → ${response.status}`;
  if (observed.preflight) return gradePreflight(spec, observed.preflight, observed);
  const match = matchOperation(spec, method, path);
  if (match.kind !== 'operation') {
    const why =
      match.kind === 'undocumented-path'
        ? 'no operation of the spec has this path'
        : `${match.path} documents ${match.methods.join(', ')} only`;
    const undocumented = rule('proxy.undocumented-operation');
    return { applied: [undocumented.id], findings: [{ rule: undocumented, message: `${shown}: ${why}` }] };
  }
  const { operation } = match;
  const answer: Answer = { operation, path, response };
  const verdicts: Verdict[] = [];
  if (!documentsStatus(operation.statuses, response.status)) {
    const gateway = GATEWAY_STATUSES.includes(response.status) || response.status < 500;
    verdicts.push([
      gateway ? 'proxy.documented-status' : 'proxy.server-error',
      [`, not a status documented for ${operation.operationId}${gateway ? '' : ' (a server error)'}`],
    ]);
  }
  if (observed.bodyNotGraded !== undefined) {
    verdicts.push(['proxy.body-not-graded', [`: body not graded (${observed.bodyNotGraded})`]]);
  } else {
    verdicts.push(...bodyVerdicts(spec, answer));
  }
  if (response.status === 401) verdicts.push(...challengeVerdicts(observed));
  if (response.status === 204) verdicts.push(['http.no-content', noContentProblems(response)]);
  if (carriesDeprecation(operation, response)) verdicts.push(...deprecationVerdicts(response));
  const applied = [...new Set(verdicts.map(([id]) => id))];
  // One finding per rule and exchange, its problems joined: a body missing three fields is one violation.
  const findings = verdicts
    .filter(([, problems]) => problems.length > 0)
    .map(([id, problems]) => ({ rule: rule(id), message: joined(shown, problems) }));
  return { operation, applied, findings };
}

/**
 * A preflight for a method the spec documents on the path is graded by the suite's CORS rule; one for another
 * method or path is the browser's business with the server, not the spec's, and only counted.
 */
function gradePreflight(spec: Spec, asked: PreflightAsked, { path, response }: Observed): Graded {
  const match = matchOperation(spec, asked.method.toUpperCase(), path);
  if (match.kind !== 'operation') return { applied: [], findings: [] };
  const problems = preflightProblems(response, asked);
  const preflight = rule('cors.preflight');
  const shown = `OPTIONS ${path} (preflight for ${match.operation.method}) → ${response.status}`;
  const findings = problems.length === 0 ? [] : [{ rule: preflight, message: joined(shown, problems) }];
  return { applied: [preflight.id], findings };
}

/** One message of an exchange's problems: the first follows its name, the rest are joined with `;`. */
const joined = (shown: string, [first, ...rest]: string[]): string =>
  [`${shown}${first}`, ...rest.map((p) => p.replace(/^[:,]?\s*/, ''))].join('; ');

const prefixed = (problems: string[]): string[] => problems.map((p) => `: ${p}`);

/** The body rules for this answer, its label included: the same scopes as the fixed checks (rules/answers.ts). */
function bodyVerdicts(spec: Spec, answer: Answer): Verdict[] {
  const { response } = answer;
  const label = labelVerdict(spec, answer);
  const verdicts: Verdict[] = label ? [[label.rule, label.problems]] : [];
  if (listsOrders(spec, answer)) return [...verdicts, ...listVerdicts(spec, answer)];
  if (statesErrorBody(spec, answer))
    return [...verdicts, ['errors.body', prefixed(errorBodyProblems(spec, response))]];
  if (!idsWellFormed(answer) && response.status >= 400)
    return [...verdicts, ['http.malformed-id', malformedIdProblems(spec, response)]];
  if (response.status === 409 && response.bodyBytes > 0)
    return [...verdicts, ['orders.conflict-body', prefixed(errorBodyProblems(spec, response))]];
  return verdicts;
}

function challengeVerdicts({ response, authorization }: Observed): Verdict[] {
  const verdicts: Verdict[] = [['auth.challenge', challengeProblems(response)]];
  if (!bearerChallenge(response)) return verdicts;
  // RFC 6750 §3.1 by what the client sent: nothing → no error code; a Bearer token (any case) → invalid_token.
  // The proxy has no key, so a lower-case `bearer` refused here may simply be a wrong key: never flagged.
  const scheme = authorization?.trim().split(/\s+/)[0]?.toLowerCase();
  if (authorization === undefined)
    verdicts.push(['auth.challenge-error', challengeErrorProblems(response, 'nothing')]);
  else if (scheme === 'bearer')
    verdicts.push(['auth.challenge-error', challengeErrorProblems(response, 'a refused token')]);
  return verdicts;
}

function deprecationVerdicts(response: ExchangeResponse): Verdict[] {
  const verdicts: Verdict[] = Object.values(DATED_HEADERS).map((dated) => [
    dated.rule,
    datedHeaderProblems(response, dated),
  ]);
  const order = sunsetOrderProblems(response);
  if (order !== undefined) verdicts.push(['pets.sunset-order', order]);
  verdicts.push(['pets.sunset-link', sunsetLinkProblems(response)]);
  return verdicts;
}
