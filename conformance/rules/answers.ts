import type { Json, Operation, Spec } from '../contract/spec.ts';
import type { Exchange, ExchangeResponse } from '../http/exchange.ts';

// Which answers a rule grades, read from spec/openapi.yaml: the fixed checks, exploration and the proxy ask the
// same questions here, so one answer falls under the same rule whoever grades it (docs/conformance.md, "One
// catalogue of rules for the checks, exploration and the proxy"; the reading of the seed behind it:
// docs/decisions.md, "Conformance suite").

/** One answer as the rules read it. */
export interface Answer {
  /** The operation of the spec the request named; undefined for a request that is no operation. */
  operation?: Operation;
  /** The request's path below the base URL, without the query, as sent (percent-encoded). */
  path: string;
  response: ExchangeResponse;
}

/** A fixed check's exchange as an answer (undefined without an HTTP answer). */
export function answerOf(spec: Spec, exchange: Exchange): Answer | undefined {
  const { operationId, path } = exchange.request;
  if (!exchange.response) return undefined;
  const operation = operationId === undefined ? undefined : spec.operation(operationId);
  return {
    ...(operation ? { operation } : {}),
    path: path.split('?')[0] ?? path,
    response: exchange.response,
  };
}

/** True when `status` matches one of the spec's response keys (`404`, `4XX`, `default`) or a listed number. */
export function documentsStatus(keys: ReadonlyArray<string | number>, status: number): boolean {
  return keys.some((key) => {
    const text = String(key).toUpperCase();
    return (
      text === 'DEFAULT' ||
      text === String(status) ||
      (/^[1-5]XX$/.test(text) && text[0] === String(status)[0])
    );
  });
}

/** The value of one path parameter of a request, decoded, e.g. `orderId` of `/store/orders/42`. */
export function pathParam(operation: Operation, path: string, name: string): string | undefined {
  const index = operation.path.split('/').indexOf(`{${name}}`);
  const raw = index < 0 ? undefined : path.split('/')[index];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const INTEGER_RANGES: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

/** True when `value` is what the parameter's schema allows: a decimal integer within its format for integers. */
function fits(schema: Json, value: string): boolean {
  if (schema.type !== 'integer') return true;
  if (!/^-?[0-9]+$/.test(value)) return false;
  const range = INTEGER_RANGES[String(schema.format)];
  return range === undefined || (BigInt(value) >= range[0] && BigInt(value) <= range[1]);
}

/** False when a path parameter does not fit its schema: a malformed id (`abc`, an id beyond int64). */
export function idsWellFormed(answer: Answer): boolean {
  const { operation, path } = answer;
  if (!operation) return true;
  return operation.pathParams.every((name) => {
    const value = pathParam(operation, path, name);
    return value !== undefined && fits(operation.pathParamSchemas[name] ?? {}, value);
  });
}

const everywhere = new WeakMap<Spec, Set<string>>();

/** The shared responses every operation refers to: the answer to the bearer requirement (`Unauthorized`). */
function sharedByEveryOperation(spec: Spec): Set<string> {
  let names = everywhere.get(spec);
  if (!names) {
    const of = (operation: Operation) =>
      operation.statuses.flatMap(
        (status) => spec.response(operation.operationId, Number(status))?.shared ?? [],
      );
    const [first, ...rest] = spec.operations;
    names = new Set((first ? of(first) : []).filter((name) => rest.every((o) => of(o).includes(name))));
    everywhere.set(spec, names);
  }
  return names;
}

/**
 * True for the bodies the spec states as `application/json`, which `http.media-type` holds to exactly that type:
 * a documented JSON answer that every operation shares (the 401), or, of an operation that is not deprecated and
 * was sent well-formed ids, a documented JSON 2xx or shared error answer (the list's 200, cancelOrder's 404).
 * Left open, so graded by `http.content-type`: the deprecated route's answers, an answer the spec writes out
 * inline for one operation (the 409, whose body the seed does not show), a malformed id's answer.
 */
export function statesJsonBody(spec: Spec, answer: Answer): boolean {
  const { operation, response } = answer;
  if (!operation) return false;
  const documented = spec.response(operation.operationId, response.status);
  if (!documented?.mediaTypes.includes('application/json')) return false;
  if (documented.shared && sharedByEveryOperation(spec).has(documented.shared)) return true;
  if (operation.deprecated || !idsWellFormed(answer)) return false;
  return (response.status >= 200 && response.status < 300) || documented.shared !== undefined;
}

const refersTo = (schema: Json | undefined, name: string): boolean =>
  schema?.$ref === `#/components/schemas/${name}`;

/** The stated bodies that are Error bodies (`errors.body`): the 401 to any operation, cancelOrder's 404. */
export function statesErrorBody(spec: Spec, answer: Answer): boolean {
  const { operation, response } = answer;
  if (!operation || !statesJsonBody(spec, answer)) return false;
  return refersTo(spec.response(operation.operationId, response.status)?.jsonSchema, 'Error');
}

/** True for an answer the spec documents as a JSON array of Orders (`orders.list`): the list's 200. */
export function listsOrders(spec: Spec, answer: Answer): boolean {
  const { operation, response } = answer;
  const schema = operation && spec.response(operation.operationId, response.status)?.jsonSchema;
  return schema?.type === 'array' && refersTo(schema.items as Json | undefined, 'Order');
}

/** True for a deprecated operation's answer that carries the deprecation headers: a 2xx, or the 410 after its sunset. */
export const carriesDeprecation = (operation: Operation | undefined, { status }: ExchangeResponse): boolean =>
  operation?.deprecated === true && ((status >= 200 && status < 300) || status === 410);
