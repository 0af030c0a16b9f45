import type { Spec } from '../contract/spec.ts';
import type { Exchange, ExchangeResponse } from '../http/exchange.ts';
import { mediaType, parseChallenges } from '../http/syntax.ts';
import { show } from '../rules/outcome.ts';
import type { Severity } from '../rules/rule.ts';
import { errorBodyProblems, preview } from '../rules/verdicts.ts';
import type { ExploreRequest } from './request.ts';

/** The rules every generated answer is judged by, in priority order: an answer is reported under its first. */
export const RULES = {
  connection: {
    severity: 'should',
    title: 'Every generated request gets a complete HTTP answer (no drop, reset, timeout or malformed HTTP)',
    reference: 'RFC 9112 §6, §9.6',
  },
  'server-error': {
    severity: 'must',
    title: 'No generated request gets a 5xx (a 501 for a method the path does not define excepted)',
    reference: 'Spec: Endpoints and Errors document every status, none of them 5xx; RFC 9110 §15.6',
  },
  credentials: {
    severity: 'must',
    title:
      'A missing or wrong credential answers 401 on every operation (an odd spelling of a wrong key: 400 or 401)',
    reference: 'Spec: Authentication; Errors (401)',
  },
  status: {
    severity: 'must',
    title: 'Every operation answers a status the spec documents for it, or a general 4xx',
    reference: 'Spec: Endpoints; RFC 9110 §15.5',
  },
  method: {
    severity: 'should',
    title:
      'A method the path does not define answers 405 or 501 with an Error body (HEAD as GET, OPTIONS 200/204)',
    reference: 'RFC 9110 §9.3.2, §9.3.7, §15.5.6, §15.6.2',
  },
  'error-body': {
    severity: 'must',
    title: 'Every error answer of an operation carries an Error body whose status is the HTTP status',
    reference: 'Spec: Errors; spec/openapi.yaml components/schemas/Error',
  },
  'content-type': {
    severity: 'should',
    title: 'Every body is labelled Content-Type: application/json',
    reference: 'RFC 9110 §8.3; Spec: the API exchanges JSON',
  },
  challenge: {
    severity: 'should',
    title: 'Every 401 carries WWW-Authenticate with a Bearer challenge',
    reference: 'RFC 9110 §11.6.1; RFC 6750 §3',
  },
  allow: {
    severity: 'should',
    title: 'Every 405 carries Allow listing the methods the spec documents for the path',
    reference: 'RFC 9110 §15.5.6',
  },
} as const satisfies Record<string, { severity: Severity; title: string; reference: string }>;

export type Rule = keyof typeof RULES;
export interface Violation {
  rule: Rule;
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
  const fail = (rule: Rule, detail: string) =>
    found.push({ rule, severity: RULES[rule].severity, message: `${show(exchange)}${detail}` });
  const response = exchange.response;
  if (!response) return [{ rule: 'connection', severity: 'should', message: show(exchange) }];
  if (response.interrupted) fail('connection', `: ${response.interrupted}`);
  const { status } = response;
  const { operation, auth, method } = request;
  const bodyRules = method !== 'HEAD' && method !== 'OPTIONS';
  const serverError = status >= 500 && !(status === 501 && !operation);
  if (serverError) fail('server-error', ' (a server error)');

  if (
    operation &&
    (auth.credential === 'missing' || auth.credential === 'wrong') &&
    !is(status, [401, ...HTTP_LAYER])
  )
    fail(
      'credentials',
      `, expected 401 (${auth.credential === 'missing' ? 'no credentials' : 'a wrong key'})`,
    );
  else if (operation && auth.credential === 'odd-wrong' && !is(status, [401, ...HTTP_LAYER]))
    fail('credentials', ', expected 400 or 401 (an odd spelling of a wrong key)');
  if (operation && !serverError && !documented(operation.statuses, status) && !is(status, GENERAL))
    fail('status', `, expected ${operation.statuses.join(', ')} or a general 4xx`);
  if (!operation) {
    const allowed = undefinedMethodStatuses(spec, request);
    if (serverError) {
      // reported above
    } else if (!documented(allowed, status)) fail('method', `, expected one of ${allowed.join(', ')}`);
    else if (bodyRules && status >= 400 && !layerAnswer(response))
      errorBody(spec, response, (p) => fail('method', `: ${p}`));
  } else if (status >= 400 && !layerAnswer(response))
    errorBody(spec, response, (p) => fail('error-body', `: ${p}`));
  if (
    bodyRules &&
    response.bodyBytes > 0 &&
    mediaType(response.headers['content-type']) !== 'application/json'
  )
    fail('content-type', ` with a body labelled ${preview(response.headers['content-type'] ?? '(none)')}`);
  if (status === 401) {
    const value = response.headers['www-authenticate'];
    const bearer = value && parseChallenges(value).some((c) => c.scheme.toLowerCase() === 'bearer');
    if (!bearer)
      fail(
        'challenge',
        value ? ` with WWW-Authenticate ${preview(value)}, no Bearer challenge` : ' without WWW-Authenticate',
      );
  }
  if (status === 405) {
    const value = response.headers.allow;
    const listed = (value ?? '').split(',').map((m) => m.trim().toUpperCase());
    const missing = spec.methodsFor(request.template).filter((m) => !listed.includes(m));
    if (value === undefined) fail('allow', ' without Allow');
    else if (missing.length > 0)
      fail('allow', ` with Allow ${preview(value)}, which omits ${missing.join(', ')}`);
  }
  return found;
}

const is = (status: number, list: readonly number[]): boolean => list.includes(status);
const layerAnswer = (response: ExchangeResponse): boolean =>
  response.bodyBytes === 0 && is(response.status, HTTP_LAYER);

/** True when `status` matches one of the spec's response keys (`404`, `4XX`, `default`) or a listed number. */
function documented(keys: ReadonlyArray<string | number>, status: number): boolean {
  return keys.some((key) => {
    const text = String(key).toUpperCase();
    return (
      text === 'DEFAULT' ||
      text === String(status) ||
      (/^[1-5]XX$/.test(text) && text[0] === String(status)[0])
    );
  });
}

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
