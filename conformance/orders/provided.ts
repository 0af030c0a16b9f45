import { type ExactJson, exactId, JsonNumber, parseExactJson } from '../contract/exact-json.ts';
import type { OrderKind, ProvidedOrders } from './slots.ts';

/** What a setup printed, read: the orders, and every other string in it (secrets until proven otherwise). */
export interface SetupOutput {
  orders: ProvidedOrders;
  /** String values of the output that are not ids (a token the teardown needs, say): redacted like the key. */
  secrets: string[];
}

/** Shorter strings are not redacted: blanking every `ok` of a report would hide more than it protects. */
const MIN_SECRET = 6;
const KINDS: readonly OrderKind[] = ['pending', 'shipped'];

/**
 * Reads a setup command's stdout: one JSON object `{"pending": ["9001", 9002], "shipped": ["9003"]}`, ids as
 * strings of digits or JSON integers, int64, read exactly; a missing list is empty; other keys are left for
 * the teardown (which gets the same text). Throws an Error whose message says what is wrong without quoting
 * the output, which may hold secrets.
 */
export function readSetupOutput(text: string): SetupOutput {
  if (text.trim() === '') throw new Error('printed nothing on stdout (expected one JSON object)');
  let value: ExactJson;
  try {
    value = parseExactJson(text);
  } catch {
    throw new Error(`printed ${Buffer.byteLength(text)} bytes on stdout that are not JSON (not shown)`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof JsonNumber)
    throw new Error('printed JSON that is not an object like {"pending": [...], "shipped": [...]}');
  const orders: ProvidedOrders = { pending: [], shipped: [] };
  const seen = new Set<string>();
  for (const kind of KINDS) {
    const list = value[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw new Error(`printed "${kind}" that is not a list of ids`);
    for (const [index, item] of list.entries()) {
      const id = exactId(item);
      if (id === undefined)
        throw new Error(
          `printed "${kind}"[${index}] that is not an int64 id (a string of digits or a JSON integer)`,
        );
      if (seen.has(id)) throw new Error(`printed order ${id} twice: each check needs an order of its own`);
      seen.add(id);
      orders[kind].push(id);
    }
  }
  return { orders, secrets: stringsIn(value).filter((s) => s.length >= MIN_SECRET && !seen.has(s)) };
}

function stringsIn(value: ExactJson): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value === null || typeof value !== 'object' || value instanceof JsonNumber) return [];
  return Object.values(value).flatMap(stringsIn);
}
