import type { Spec } from '../contract/spec.ts';
import { quoted } from '../output/text.ts';
import type { Exchange, ExchangeResponse } from '../types.ts';
import { type Check, Failure, Skip } from './registry.ts';
import type { CheckContext } from './session.ts';

/** `GET /store/orders → 401`, or the network error: how messages name an exchange. */
export function show(exchange: Exchange): string {
  const request = `${exchange.request.method} ${exchange.request.path}`;
  return exchange.response ? `${request} → ${exchange.response.status}` : `${request} → ${exchange.error}`;
}

/** The response, or a failure naming the network error. */
export function responseOf(exchange: Exchange): ExchangeResponse {
  if (!exchange.response) throw new Failure(`${show(exchange)} (no HTTP answer)`);
  return exchange.response;
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: string };

export function jsonBody(response: ExchangeResponse): JsonBody {
  if (response.interrupted) return { ok: false, reason: response.interrupted };
  if (response.truncated)
    return { ok: false, reason: `body larger than the ${response.bodyBytes}-byte limit` };
  if (response.body.trim() === '') return { ok: false, reason: 'empty body' };
  try {
    return { ok: true, value: JSON.parse(response.body) };
  } catch {
    return { ok: false, reason: `body is not JSON: ${preview(response.body)}` };
  }
}

/** A body's start, white space folded, escaped and quoted. */
export const preview = (text: string, length = 80): string =>
  quoted(text.replace(/\s+/g, ' ').trim(), length);

/** What is wrong with an Error body: not JSON, not the schema, or `status` differing from the HTTP status. */
export function errorBodyProblems(spec: Spec, response: ExchangeResponse): string[] {
  const body = jsonBody(response);
  if (!body.ok) return [body.reason];
  const problems = spec.validateSchema('Error', body.value);
  const status = (body.value as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status !== response.status) {
    problems.push(`status ${status} differs from the HTTP status ${response.status}`);
  }
  return problems;
}

/**
 * The answers whose Error body the spec states: 401 to any operation, 404 from cancelOrder (malformed ids
 * excluded). Requests that are no operation (CORS preflights, the undocumented method) are other checks' matter.
 */
export const specStatesErrorBody = (e: Exchange): boolean =>
  (e.response?.status === 401 && e.request.operationId !== undefined) ||
  (e.response?.status === 404 &&
    e.request.operationId === 'cancelOrder' &&
    e.request.purpose !== 'malformed-id');

/** The bodies the spec declares as `application/json`: the list's 200 and the Error bodies it states. */
export const specStatesJsonBody = (e: Exchange): boolean =>
  (e.response?.status === 200 && e.request.operationId === 'listOrders') || specStatesErrorBody(e);

const MAX_LISTED_PROBLEMS = 5;

/** Throws one Failure listing the problems (the first few), or returns the pass message. */
export function verdict(problems: string[], passed: string): string {
  if (problems.length === 0) return passed;
  const shown = problems.slice(0, MAX_LISTED_PROBLEMS);
  if (problems.length > shown.length) shown.push(`and ${problems.length - shown.length} more`);
  throw new Failure(shown.join('; '));
}

export const header = (response: ExchangeResponse, name: string): string | undefined =>
  response.headers[name.toLowerCase()];

/**
 * A check's run that reads one answer of a shared request: `expected` is the status it grades; another status
 * fails the check (`must` rules about that status) or skips it (rules about that answer's details).
 */
export const onAnswer =
  (
    probe: (ctx: CheckContext) => Promise<Exchange>,
    expected: number,
    otherwise: 'fail' | 'skip',
    grade: (response: ExchangeResponse, label: string, ctx: CheckContext) => string,
  ): Check['run'] =>
  async (ctx) => {
    const exchange = await probe(ctx);
    const response = responseOf(exchange);
    const label = show(exchange);
    if (response.status === expected) return grade(response, label, ctx);
    if (otherwise === 'skip') throw new Skip(`no ${expected} to check: ${label}`);
    throw new Failure(`${label}, expected ${expected}`);
  };
