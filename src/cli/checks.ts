import { MAX_ORDERS } from '../core/defaults.ts';
import { quote } from './text.ts';

/** A mistake in the command line or the environment: the CLI prints its message on one line and exits with 2. */
export class UsageError extends Error {}

export function integer(name: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, not ${quote(text)}.`);
  }
  return value;
}

/** How many orders to generate: a number the process can serve (see MAX_ORDERS). */
export function orderCount(text: string): number {
  const count = integer('--orders', text, 0, Number.MAX_SAFE_INTEGER);
  if (count > MAX_ORDERS) {
    throw new UsageError(`--orders ${count} is more than one mock serves: at most ${MAX_ORDERS} orders.`);
  }
  return count;
}

/** RFC 6750 §2.1 b64token: what a client can send after "Bearer ", so a key no request can match is refused. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

export function apiKey(name: string, key: string): string {
  if (!B64TOKEN.test(key)) {
    throw new UsageError(
      `${name} must be an RFC 6750 token (letters, digits, - . _ ~ + /, then = padding), not ${quote(key)}.`,
    );
  }
  return key;
}

/**
 * `*` or exactly one serialized origin (scheme://host[:port]): the value goes into a response header as it is,
 * so a newline, an empty value or a list would break every answer.
 */
export function corsOrigin(value: string): string {
  if (value === '*' || isOrigin(value)) return value;
  throw new UsageError(
    `--cors-origin must be * or one origin such as https://app.example (no path; repeat the option for several), not ${quote(value)}.`,
  );
}

/** One origin (no `*`: the control planes answer named pages only). */
export function adminCorsOrigin(value: string): string {
  if (isOrigin(value)) return value;
  throw new UsageError(
    `--admin-cors-origin must be one origin such as http://localhost:5173 (no *, no path, no list), not ${quote(value)}.`,
  );
}

/** A host name (letters, digits, dots, hyphens), as a Host field would carry it, or `all`. */
export function allowedHost(value: string): string {
  if (
    value === 'all' ||
    /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?$/i.test(value)
  ) {
    return value.toLowerCase();
  }
  throw new UsageError(
    `--allowed-host must be a host name such as mock.internal, or all, not ${quote(value)}.`,
  );
}

function isOrigin(value: string): boolean {
  if (!/^https?:\/\/[^\s,/]+$/i.test(value)) return false;
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}
