import type { Spec } from '../contract/spec.ts';
import type { Exchange, ExchangeResponse } from '../http/exchange.ts';
import { type Answer, documentsStatus } from '../rules/answers.ts';
import { type RuleId, rule } from '../rules/catalogue.ts';
import { allowProblems, challengeProblems } from '../rules/header-verdicts.ts';
import { show } from '../rules/outcome.ts';
import type { Severity } from '../rules/rule.ts';
import { errorBodyProblems, labelVerdict } from '../rules/verdicts.ts';
import { type ExploreRequest, pathOf } from './request.ts';

/**
 * The rules every generated answer is judged by, from the one catalogue (rules/catalogue.ts), in priority
 * order: an answer is reported under its first. Where the fixed checks have the rule (labels, challenges), the
 * verdict is theirs; exploration's own rules are its `explore.*` ones.
 */
export const EXPLORE_RULES = [
  'explore.connection',
  'explore.server-error',
  'explore.credentials',
  'explore.status',
  'explore.method',
  'explore.error-body',
  'http.media-type',
  'http.content-type',
  'auth.challenge',
  'explore.allow',
] as const satisfies readonly RuleId[];

export type ExploreRule = (typeof EXPLORE_RULES)[number];

export interface Violation {
  rule: ExploreRule;
  severity: Severity;
  message: string;
}

/** What the HTTP rules allow any request: client errors the server may pick for a request it cannot serve. */
const GENERAL = [400, 404, 405, 406, 413, 414, 415, 431];
/** What an HTTP layer may answer before the application sees the request, without a body. */
const HTTP_LAYER = [400, 414, 431];

/** Every rule the answer breaks, in priority order. */
export function judge(spec: Spec, request: ExploreRequest, exchange: Exchange): Violation[] {
  const found: Violation[] = [];
  const fail = (id: ExploreRule, detail: string) =>
    found.push({ rule: id, severity: rule(id).severity, message: `${show(exchange)}${detail}` });
  const response = exchange.response;
  if (!response) {
    fail('explore.connection', '');
    return found;
  }
  if (response.interrupted) fail('explore.connection', `: ${response.interrupted}`);
  const { status } = response;
  const { operation, auth, method } = request;
  const bodyRules = method !== 'HEAD' && method !== 'OPTIONS';
  const serverError = status >= 500 && !(status === 501 && !operation);
  if (serverError) fail('explore.server-error', ' (a server error)');

  if (
    operation &&
    (auth.credential === 'missing' || auth.credential === 'wrong') &&
    !is(status, [401, ...HTTP_LAYER])
  )
    fail(
      'explore.credentials',
      `, expected 401 (${auth.credential === 'missing' ? 'no credentials' : 'a wrong key'})`,
    );
  else if (operation && auth.credential === 'odd-wrong' && !is(status, [401, ...HTTP_LAYER]))
    fail('explore.credentials', ', expected 400 or 401 (an odd spelling of a wrong key)');
  if (operation && !serverError && !documentsStatus(operation.statuses, status) && !is(status, GENERAL))
    fail('explore.status', `, expected ${operation.statuses.join(', ')} or a general 4xx`);
  if (!operation) {
    const allowed = undefinedMethodStatuses(spec, request);
    if (serverError) {
      // reported above
    } else if (!documentsStatus(allowed, status))
      fail('explore.method', `, expected one of ${allowed.join(', ')}`);
    else if (bodyRules && status >= 400 && !layerAnswer(response))
      errorBody(spec, response, (p) => fail('explore.method', `: ${p}`));
  } else if (status >= 400 && !layerAnswer(response))
    errorBody(spec, response, (p) => fail('explore.error-body', `: ${p}`));
  const label = bodyRules ? labelVerdict(spec, answerOf(request, response)) : undefined;
  if (label) for (const problem of label.problems) fail(label.rule, problem);
  if (status === 401) for (const problem of challengeProblems(response)) fail('auth.challenge', problem);
  if (status === 405)
    for (const problem of allowProblems(response, spec.methodsFor(request.template)))
      fail('explore.allow', problem);
  return found;
}

/** The generated request's answer as the rules read it: its operation and its path without the query. */
const answerOf = (request: ExploreRequest, response: ExchangeResponse): Answer => ({
  ...(request.operation ? { operation: request.operation } : {}),
  path: pathOf({ ...request, query: '' }),
  response,
});

const is = (status: number, list: readonly number[]): boolean => list.includes(status);
const layerAnswer = (response: ExchangeResponse): boolean =>
  response.bodyBytes === 0 && is(response.status, HTTP_LAYER);

function undefinedMethodStatuses(spec: Spec, request: ExploreRequest): Array<string | number> {
  const general = [401, 501, ...GENERAL];
  if (request.method === 'OPTIONS') return [200, 204, ...general];
  const get = spec.operations.find((o) => o.path === request.template && o.method === 'GET');
  if (request.method === 'HEAD' && get) return [...get.statuses, ...general];
  return general;
}

function errorBody(spec: Spec, response: ExchangeResponse, fail: (problem: string) => void): void {
  const problems = errorBodyProblems(spec, response);
  if (problems.length > 0) fail(`not an Error body (${problems.slice(0, 2).join('; ')})`);
}
