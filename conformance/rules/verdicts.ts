import type { Spec } from '../contract/spec.ts';
import type { ExchangeResponse } from '../http/exchange.ts';
import { quoted } from '../output/text.ts';

// Verdicts on one answer that every grader shares: the fixed checks, exploration's oracle, the proxy's grader.

export const header = (response: ExchangeResponse, name: string): string | undefined =>
  response.headers[name.toLowerCase()];

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
