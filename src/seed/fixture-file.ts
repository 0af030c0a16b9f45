import { MAX_ORDERS } from '../core/defaults.ts';
import { type OrderSeed, type PetSeed, withSeedIds } from '../core/orders/order-input.ts';
import generatedValidator from './validate-fixture-file.generated.ts';

/** The seed data a fixture file gives: every order with an id (see withSeedIds). */
export interface FixtureData {
  readonly orders: readonly OrderSeed[];
  readonly pets?: readonly PetSeed[];
}

/** A fixture file the mock cannot serve; the message is one line and names the entry. */
export class FixtureError extends Error {}

interface SchemaError {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
}

const validateFixtureFile = generatedValidator as unknown as ((data: unknown) => boolean) & {
  readonly errors?: readonly SchemaError[] | null;
};
const SHAPE = 'expected an array of orders or {"orders": [...], "pets": [...]}';

/**
 * Parses a fixture file's text against fixtures/fixtures.schema.json (precompiled: no schema is compiled at
 * start-up), then gives every order an id. A UTF-8 byte order mark, as some Windows editors write, is accepted.
 */
export function parseFixtureText(text: string): FixtureData {
  const data = parseJson(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (!validateFixtureFile(data)) throw new FixtureError(describe(validateFixtureFile.errors ?? [], data));
  const { orders, pets } = (Array.isArray(data) ? { orders: data } : data) as FixtureData;
  if (orders.length > MAX_ORDERS) {
    throw new FixtureError(`${orders.length} orders is more than one mock serves (at most ${MAX_ORDERS}).`);
  }
  try {
    return { orders: withSeedIds(orders), ...(pets ? { pets } : {}) };
  } catch (error) {
    throw new FixtureError((error as Error).message);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new FixtureError(`not valid JSON: ${jsonReason((error as Error).message, text)}`);
  }
}

/** V8's message quotes the input (across lines, unbounded); give the reason and where instead. */
function jsonReason(message: string, text: string): string {
  const reason = (message.split(/, (?:\.\.\.)?"| in JSON| at position|\n/)[0] ?? message).slice(0, 80);
  const position = Number(/position (\d+)/.exec(message)?.[1] ?? validPrefixLength(text));
  const before = text.slice(0, position).split('\n');
  return `${reason} at line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** Where the JSON stops being valid: the longest prefix that parses or only ends too early. */
function validPrefixLength(text: string): number {
  const fine = (length: number) => {
    try {
      JSON.parse(text.slice(0, length));
      return true;
    } catch (error) {
      // Cut short, valid JSON ends too early: "Unexpected end", or an error at the very end of the prefix.
      const { message } = error as Error;
      return message.startsWith('Unexpected end') || Number(/position (\d+)/.exec(message)?.[1]) >= length;
    }
  };
  let [low, high] = [0, text.length];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fine(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The most specific schema error, as "orders[3].status must be one of …". */
function describe(errors: readonly SchemaError[], data: unknown): string {
  // At the root, "must be array", "must be object" and "must match exactly one" say nothing useful.
  const specific = errors.filter((e) => e.instancePath !== '' || !['type', 'oneOf'].includes(e.keyword));
  const deepest = specific.reduce<SchemaError | undefined>(
    (best, e) => (!best || e.instancePath.length > best.instancePath.length ? e : best),
    undefined,
  );
  if (!deepest) return SHAPE;
  // Of the errors at the deepest path, a oneOf says best what was expected (an id: a number or digits).
  const error =
    specific.find((e) => e.instancePath === deepest.instancePath && e.keyword === 'oneOf') ?? deepest;
  const path = entryPath(error.instancePath, Array.isArray(data));
  switch (error.keyword) {
    case 'required':
      return `${path || 'the file'}: ${String(error.params.missingProperty)} is required.`;
    case 'additionalProperties':
      return `${path || 'the file'}: unknown field ${JSON.stringify(String(error.params.additionalProperty).slice(0, 64))}.`;
    case 'enum':
      return `${path} must be one of ${(error.params.allowedValues as string[]).join(', ')}.`;
    case 'oneOf':
      return `${path} must be a non-negative int64 (a number, or a string of digits).`;
    case 'format':
      return `${path} must be ${error.params.format === 'date-time' ? 'an RFC 3339 date-time such as 2026-12-01T10:00:00Z' : `a valid ${String(error.params.format)}`}.`;
    default:
      return `${path} ${error.message ?? 'is invalid'}.`;
  }
}

/** `/orders/3/status` → `orders[3].status`; in the array form `/3/status` is `orders[3].status` too. */
function entryPath(pointer: string, arrayForm: boolean): string {
  const parts = pointer.split('/').slice(1);
  if (arrayForm) parts.unshift('orders');
  return parts
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : `${index ? '.' : ''}${part}`))
    .join('');
}
