import { isInt64, orderIdsFromJson } from '../contract/raw-json.ts';
import type { Spec } from '../contract/spec.ts';
import type { ExchangeResponse } from '../http/exchange.ts';
import { isJsonMediaType, mediaType } from '../http/syntax.ts';
import { quoted } from '../output/text.ts';
import { type Answer, statesJsonBody } from './answers.ts';

// Verdicts on one answer that every grader shares: the fixed checks, exploration's oracle, the proxy's grader.
// Each returns the problems as details to follow the exchange's name (`GET /store/orders → 200` + detail).

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

/** How a message shows a header's value: escaped and quoted, or that there is none. */
const shownValue = (value: string | undefined): string => (value === undefined ? 'nothing' : quoted(value));

/**
 * The label rule a body falls under and what is wrong with its label: a body the spec states as JSON
 * (`http.media-type`) is exactly `application/json`, any other JSON body (`http.content-type`) is labelled as
 * JSON. Undefined when neither rule has anything to read (an empty stated body, a body that is not JSON).
 */
export function labelVerdict(
  spec: Spec,
  answer: Answer,
): { rule: 'http.media-type' | 'http.content-type'; problems: string[] } | undefined {
  const { response } = answer;
  const type = header(response, 'content-type');
  if (statesJsonBody(spec, answer)) {
    if (response.bodyBytes === 0) return undefined;
    const right = mediaType(type) === 'application/json';
    return { rule: 'http.media-type', problems: right ? [] : [` is labelled ${shownValue(type)}`] };
  }
  if (!jsonBody(response).ok) return undefined;
  return {
    rule: 'http.content-type',
    problems: isJsonMediaType(type) ? [] : [` sends JSON as ${shownValue(type)}`],
  };
}

/** What `http.no-content` finds on a 204: a Content-Length or a Content-Type. */
export const noContentProblems = (response: ExchangeResponse): string[] =>
  ['content-length', 'content-type']
    .filter((name) => header(response, name) !== undefined)
    .map((name) => ` carries ${name}: ${quoted(header(response, name) ?? '')}`);

/** What `http.malformed-id` finds in the answer to a malformed id: not a 4xx, or not an Error body. */
export function malformedIdProblems(spec: Spec, response: ExchangeResponse): string[] {
  if (response.status < 400 || response.status > 499) return [', expected 4xx for a malformed id'];
  return errorBodyProblems(spec, response).map((problem) => `: ${problem}`);
}

/** `pet_id`, `PetID` and `pet-id` all fold to `petid`: a field renamed by a serializer's naming policy. */
const folded = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/** `orders.fields`: orders without an id, or with a documented field renamed. */
export function orderFieldProblems(spec: Spec, orders: readonly unknown[]): string[] {
  const documented = new Map(spec.schemaProperties('Order').map((name) => [folded(name), name]));
  return orders.flatMap((order, index) => {
    const names = Object.keys(order as object);
    const found = names.includes('id') ? [] : [`order [${index}] has no id`];
    for (const name of names) {
      const meant = documented.get(folded(name));
      if (meant !== undefined && meant !== name)
        found.push(`order [${index}] has ${quoted(name)} for ${meant}`);
    }
    return found;
  });
}

/**
 * `orders.list` on an answer the spec documents as a list of Orders: JSON, the schema (dates read as ISO 8601,
 * the seed's word), and every id an int64, read from the raw text (JSON.parse rounds beyond 2^53, which would
 * hide a 2^63 or invent a problem).
 */
export function orderListProblems(spec: Spec, answer: Answer): string[] {
  const { operation, response } = answer;
  const body = jsonBody(response);
  if (!body.ok) return [body.reason];
  const schema = operation
    ? (spec.validateResponse(operation.operationId, response.status, body.value) ?? [])
    : [];
  const ids = (orderIdsFromJson(response.body) ?? []).filter((id) => !isInt64(id));
  return [...schema, ...ids.map((id) => `id ${id} is not an int64`)];
}
