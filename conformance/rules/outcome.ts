import type { Exchange, ExchangeResponse } from '../http/exchange.ts';

// How a grader says what it found: a Failure (the rule is broken), a Skip (it cannot be graded here), or the
// message of a pass. Every grader names an exchange the same way.

/** Thrown by a check that found the rule broken. */
export class Failure extends Error {
  override name = 'Failure';
}

/** Thrown by a check that cannot run here; the message says why. */
export class Skip extends Error {
  override name = 'Skip';
}

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

const MAX_LISTED_PROBLEMS = 5;

/** Throws one Failure listing the problems (the first few), or returns the pass message. */
export function verdict(problems: string[], passed: string): string {
  if (problems.length === 0) return passed;
  const shown = problems.slice(0, MAX_LISTED_PROBLEMS);
  if (problems.length > shown.length) shown.push(`and ${problems.length - shown.length} more`);
  throw new Failure(shown.join('; '));
}
