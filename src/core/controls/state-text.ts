import { parseJsonBody, type ReadBodyOptions } from '../http/json-body.ts';
import { savedOrdersText } from '../orders/saved-order-text.ts';
import type { MockRequest } from '../types.ts';

const ORDERS = ',"orders":';

/**
 * `PUT /__mock/state`'s body parsed: the same value as `JSON.parse` of it, except that orders written exactly
 * as `GET /__mock/state` writes them come as OrderColumns, read from the text in one pass (most of a large
 * state's bytes, with no object per order; `prepareRestore` takes either). The document around them is
 * parsed as JSON in two pieces; whatever does not split cleanly (orders written otherwise, `,"orders":`
 * inside a string or a nested object) is parsed whole, so a body that is not JSON gets the usual 400.
 */
export function parseStateBody(
  request: MockRequest,
  options: Pick<ReadBodyOptions, 'example'> = {},
): unknown {
  const text = request.body ?? '';
  return splitState(text) ?? parseJsonBody(request, options);
}

function splitState(text: string): Record<string, unknown> | undefined {
  const key = text.indexOf(ORDERS);
  if (key < 0) return undefined;
  // The text before the key is the document's start only if, closed, it is an object of at least one
  // member: a key inside a string or a nested object leaves it unclosed, and `{,` is not JSON.
  const head = parsed(`${text.slice(0, key)}}`);
  if (head === undefined || Object.keys(head).length === 0) return undefined;
  const orders = savedOrdersText(text, key + ORDERS.length);
  if (orders === undefined) return undefined;
  const rest = text.slice(orders.end);
  const tail = rest.startsWith(',"')
    ? parsed(`{${rest.slice(1)}`)
    : rest.startsWith('}')
      ? parsed(`{${rest}`)
      : undefined;
  if (tail === undefined) return undefined;
  // As JSON.parse reads it: the members before the orders, the orders, the members after, and a key given
  // twice keeps its first place with its last value.
  return { ...head, orders: orders.columns, ...tail };
}

/** The object `JSON.parse` makes of `text`, or undefined when it is not JSON or not an object. */
function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
