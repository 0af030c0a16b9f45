import { WRONG_KEY } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import { NEAR_MISS_SHELL } from '../http/near-miss.ts';

const quote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** A curl command that repeats the request, reading the key from $PETSTORE_API_KEY (never the key itself). */
export function curlFor(exchange: Exchange): string {
  const { method, url, auth } = exchange.request;
  const parts = ['curl -i'];
  if (method !== 'GET') parts.push(`-X ${method}`);
  parts.push(quote(url));
  const header = {
    none: undefined,
    valid: '"Authorization: Bearer $PETSTORE_API_KEY"',
    'lowercase-bearer': '"Authorization: bearer $PETSTORE_API_KEY"',
    'non-bearer': '"Authorization: Basic $PETSTORE_API_KEY"',
    wrong: quote(`Authorization: Bearer ${WRONG_KEY}`),
    'near-miss': `"Authorization: Bearer ${NEAR_MISS_SHELL[exchange.request.nearMiss ?? 'extra-char']}"`,
  }[auth];
  if (header) parts.push(`-H ${header}`);
  for (const [name, value] of Object.entries(exchange.request.headers ?? {})) {
    if (name !== 'accept' && name !== 'authorization') parts.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  return parts.join(' ');
}

/** The exchanges a failure message names (by method and path), or the last one. */
export function exchangesToReproduce(message: string, exchanges: readonly Exchange[], max = 3): Exchange[] {
  const named = exchanges.filter((e) => message.includes(`${e.request.method} ${e.request.path} `));
  const chosen = named.length > 0 ? named : exchanges.slice(-1);
  const unique = new Map(chosen.map((e) => [curlFor(e), e]));
  return [...unique.values()].slice(0, max);
}
