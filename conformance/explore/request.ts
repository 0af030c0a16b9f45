import type { Operation } from '../contract/spec.ts';
import { CREDENTIAL_PLACEHOLDER } from '../http/client.ts';

/** How a generated request presents (or does not present) the key, and what a correct server must make of it. */
export type Credential = 'valid' | 'odd-valid' | 'missing' | 'wrong' | 'odd-wrong';

export interface AuthSpelling {
  /** The Authorization value with `{KEY}` where the API key goes; undefined sends none. */
  header?: string;
  credential: Credential;
}

/** One generated request: a method on a path of the spec, its path segments as sent, a query, a credential. */
export interface ExploreRequest {
  method: string;
  /** Path template of the spec, e.g. `/store/orders/{orderId}`. */
  template: string;
  /** Path parameter values exactly as they go on the wire (already percent-encoded). */
  params: Record<string, string>;
  /** `''` or `?…`, exactly as sent. */
  query: string;
  auth: AuthSpelling;
  /** The documented operation, when the spec defines this method on this path. */
  operation?: Operation;
}

/** Where the credential goes in a spelling: the client fills it in when it sends the request. */
export const KEY_PLACEHOLDER = CREDENTIAL_PLACEHOLDER;

/** The path below the base URL, query included. */
export function pathOf(request: ExploreRequest): string {
  let path = request.template;
  for (const [name, value] of Object.entries(request.params)) path = path.replace(`{${name}}`, value);
  return path + request.query;
}

/** `DELETE /store/orders/01 (Authorization: Bearer <key>)`, cut to `max` characters, for messages. */
export function describe(request: ExploreRequest, max = 1200): string {
  const header = request.auth.header?.replaceAll(KEY_PLACEHOLDER, '<key>');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a tab or another control character is shown escaped.
  const shown = header && /[\x00-\x1f]/.test(header) ? JSON.stringify(header) : header;
  const text = `${request.method} ${pathOf(request)} (${shown === undefined ? 'no Authorization' : `Authorization: ${shown}`})`;
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
