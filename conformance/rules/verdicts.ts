import { isInt64, listedOrdersFromJson } from '../contract/raw-json.ts';
import type { Spec } from '../contract/spec.ts';
import type { ExchangeResponse } from '../http/exchange.ts';
import { isJsonMediaType, mediaType, parseLinks } from '../http/syntax.ts';
import { quoted } from '../output/text.ts';
import { type Answer, statesJsonBody } from './answers.ts';

// Verdicts on one answer that every grader shares: the fixed checks, exploration's oracle, the proxy's grader.
// Each returns the problems as details to follow the exchange's name (`GET /store/orders → 200` + detail).

export const header = (response: ExchangeResponse, name: string): string | undefined =>
  response.headers[name.toLowerCase()];

export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: string };

/** Each answer's body as parsed, for as long as its text is the same: several verdicts read one answer. */
const parsed = new WeakMap<ExchangeResponse, { text: string; body: JsonBody }>();

export function jsonBody(response: ExchangeResponse): JsonBody {
  if (response.interrupted || response.truncated) return parseBody(response);
  const known = parsed.get(response);
  if (known?.text === response.body) return known.body;
  const body = parseBody(response);
  parsed.set(response, { text: response.body, body });
  return body;
}

function parseBody(response: ExchangeResponse): JsonBody {
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
 * `orders.list` on an answer the spec documents as a list of Orders: JSON, an array, the schema (dates read as
 * ISO 8601, the seed's word), every `int64` field within int64 and every id once, read from the raw text
 * (JSON.parse rounds beyond 2^53, which would hide a 2^63, merge two ids or invent a problem), and all orders
 * in one answer (the spec: no pagination).
 */
export function orderListProblems(spec: Spec, answer: Answer): string[] {
  return orderListVerdict(spec, answer).problems;
}

/** `orders.list`'s problems, and the list when it is an array the schema (read as ISO 8601) accepts. */
export function orderListVerdict(spec: Spec, answer: Answer): { problems: string[]; valid?: unknown[] } {
  const { operation, response } = answer;
  const body = jsonBody(response);
  if (!body.ok) return { problems: [body.reason] };
  if (!Array.isArray(body.value)) return { problems: [`not an array: ${preview(response.body)}`] };
  const schema = operation
    ? (spec.validateResponse(operation.operationId, response.status, body.value) ?? [])
    : [];
  const problems = [
    ...schema,
    ...rawIdProblems(spec, response.body),
    ...paginationProblems(response, body.value.length),
  ];
  return schema.length === 0 ? { problems, valid: body.value } : { problems };
}

/** Ids that are not int64, other int64 fields beyond int64, and ids listed more than once. */
function rawIdProblems(spec: Spec, text: string): string[] {
  const orders = listedOrdersFromJson(text) ?? [];
  const ids = orders.map((order) => order.id).filter((id) => !isInt64(id));
  const problems = ids.map((id) => `id ${id} is not an int64`);
  const int64 = spec.int64Properties('Order').filter((name) => name !== 'id');
  for (const order of orders)
    for (const name of int64) {
      const value = order.numbers[name];
      if (value !== undefined && !isInt64(value))
        problems.push(`order ${order.id}: ${name} ${value} is not an int64`);
    }
  const counts = new Map<string, number>();
  for (const { id } of orders) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, count] of counts)
    if (count > 1) problems.push(`id ${id} is listed ${count} times (ids are unique)`);
  return problems;
}

/** A next page or a total above what was listed: the spec's list has all orders in one answer. */
function paginationProblems(response: ExchangeResponse, listed: number): string[] {
  const problems: string[] = [];
  const next = parseLinks(header(response, 'link') ?? '').find((link) => link.rel.includes('next'));
  if (next) problems.push(`a Link rel="next" to ${quoted(next.target)}: the list is paginated`);
  const total = header(response, 'x-total-count')?.trim();
  if (total !== undefined && /^[0-9]+$/.test(total) && BigInt(total) > BigInt(listed))
    problems.push(`X-Total-Count ${total} but ${listed} order(s) listed: not all orders`);
  return problems;
}
