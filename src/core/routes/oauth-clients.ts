import { constantTimeEquals } from '../http/auth.ts';
import { basicCredentials, isBasic, parseForm } from '../http/form.ts';
import { quote } from '../http/text.ts';
import type { MockRequest } from '../types.ts';

// What the mock knows of its OAuth clients at once: their checks at start, and whether a request is a token
// request of one of them (which may create its session). The token endpoint's answers load on its first
// request (oauth-token-endpoint.ts).

/** A client the token endpoint knows (`--oauth-client ID:SECRET`). */
export interface OAuthClient {
  readonly clientId: string;
  readonly clientSecret: string;
  /**
   * The scopes it may be granted, and gets when it asks for none; without them, any well-formed scope it asks
   * for is granted, and none when it asks for none.
   */
  readonly scopes?: readonly string[];
}

/** At the origin, beside the API's base path (spec/oauth.openapi.yaml says why). */
export const TOKEN_PATH = '/oauth/token';

/** RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ) */
export const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
/** RFC 6749 Appendix A.1 and A.2: client_id and client_secret are VSCHARs. */
const VSCHAR = /^[\x20-\x7e]+$/;

/**
 * Why `client` cannot be served, or undefined. Names the setting and the client id, never the secret; an id
 * has no `:` (it ends the id in `ID:SECRET` and in Basic credentials).
 */
export function oauthClientProblem(client: OAuthClient, setting: string): string | undefined {
  const { clientId, clientSecret, scopes = [] } = client;
  if (!VSCHAR.test(clientId) || clientId.includes(':')) {
    return `${setting}: a client id is printable ASCII without ":", not ${quote(clientId)}.`;
  }
  if (!VSCHAR.test(clientSecret)) {
    return `${setting}: the secret of client ${quote(clientId)} must be printable ASCII (it is not shown here).`;
  }
  const scope = scopes.find((name) => !SCOPE_TOKEN.test(name));
  if (scope !== undefined) return `${setting}: ${quote(scope)} is not a scope (RFC 6749 §3.3).`;
  return undefined;
}

/**
 * Whether `request` is a token request that authenticates one of `clients` (HTTP Basic, or `client_id` and
 * `client_secret` in its form body): the one request of an OAuth client that may create its session, as a
 * valid key does for the Store API.
 */
export function authenticatesClient(request: MockRequest, clients: readonly OAuthClient[]): boolean {
  if (request.method !== 'POST' || request.path !== TOKEN_PATH) return false;
  const header = request.headers.authorization;
  let given: { id?: string; secret?: string } | undefined;
  if (isBasic(header)) given = basicCredentials(header);
  else {
    const form = parseForm(request.body ?? '');
    if (form.ok) given = { id: form.params.get('client_id'), secret: form.params.get('client_secret') };
  }
  const client = clients.find(({ clientId }) => clientId === given?.id);
  return client !== undefined && constantTimeEquals(given?.secret ?? '', client.clientSecret);
}
