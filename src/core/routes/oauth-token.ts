import type { MockExtension } from '../extension.ts';
import { AccessTokens, memoryTokenStore, type TokenStore } from '../http/access-tokens.ts';
import { constantTimeEquals } from '../http/auth.ts';
import { coreError } from '../http/errors.ts';
import { basicCredentials, isBasic, isFormMediaType, parseForm } from '../http/form.ts';
import { jsonResponse } from '../http/responses.ts';
import { quote } from '../http/text.ts';
import type { Clock, MockRequest, MockResponse } from '../types.ts';
import type { components } from './oauth-types.generated.ts';

type TokenResponse = components['schemas']['TokenResponse'];
type OAuthError = components['schemas']['OAuthError'];

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

/** Tokens and errors are never cached (RFC 6749 §5.1; Pragma for HTTP/1.0 caches). */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;
const BASIC_CHALLENGE = { 'www-authenticate': 'Basic realm="petstore"' } as const;
/** RFC 6749 §3.3: scope-token = 1*( %x21 / %x23-5B / %x5D-7E ) */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
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
 * `POST /oauth/token`: the client credentials grant of RFC 6749 §4.4, with client authentication by HTTP
 * Basic or in the body, errors as §5.2 says, and tokens from `tokens` (the state's, on its clock). An
 * extension, so it answers before the bearer check, with the Store API's CORS and journal.
 */
export function tokenEndpoint(clients: readonly OAuthClient[], tokens: AccessTokens): MockExtension {
  const byId = new Map(clients.map((client) => [client.clientId, client]));

  /** The client whose secret this is; every secret compared in full, so timing tells nothing. */
  function known(id: string, secret: string): OAuthClient | undefined {
    const client = byId.get(id);
    const matches = constantTimeEquals(secret, client?.clientSecret ?? `\u0000${secret}`);
    return client && matches ? client : undefined;
  }

  /** The client, or the §5.2 answer: 401 with a Basic challenge when the Authorization field was tried. */
  function authenticate(
    request: MockRequest,
    params: ReadonlyMap<string, string>,
  ): OAuthClient | MockResponse {
    const header = request.headers.authorization;
    const postId = params.get('client_id');
    const postSecret = params.get('client_secret');
    if (isBasic(header)) {
      if (postSecret !== undefined) {
        return refuse(
          400,
          'invalid_request',
          'Authenticate the client one way only: HTTP Basic or client_secret in the body (RFC 6749 section 2.3).',
        );
      }
      const basic = basicCredentials(header);
      const client = basic && known(basic.id, basic.secret);
      if (!client) return refuse(401, 'invalid_client', 'Unknown client or wrong secret.', BASIC_CHALLENGE);
      if (postId !== undefined && postId !== client.clientId) {
        return refuse(
          400,
          'invalid_request',
          'client_id in the body is not the client of the HTTP Basic credentials.',
        );
      }
      return client;
    }
    if (header !== undefined) {
      return refuse(
        401,
        'invalid_client',
        'The token endpoint authenticates clients by HTTP Basic or client_secret in the body, not by the Authorization scheme sent.',
        BASIC_CHALLENGE,
      );
    }
    if (postId === undefined || postSecret === undefined) {
      return refuse(
        401,
        'invalid_client',
        'Client authentication is missing: send HTTP Basic credentials, or client_id and client_secret in the body.',
        BASIC_CHALLENGE,
      );
    }
    return known(postId, postSecret) ?? refuse(400, 'invalid_client', 'Unknown client or wrong secret.');
  }

  async function answer(request: MockRequest): Promise<MockResponse> {
    // Not an OAuth error: the method is wrong for the path, as anywhere else on the mock.
    if (request.method !== 'POST') {
      throw coreError('METHOD_NOT_ALLOWED', 'The token endpoint takes POST (RFC 6749 §3.2).', {
        allow: 'POST, OPTIONS',
      });
    }
    if (!isFormMediaType(request.headers['content-type'])) {
      return refuse(
        400,
        'invalid_request',
        'Send the parameters as application/x-www-form-urlencoded (RFC 6749 section 4.4.2).',
      );
    }
    const form = parseForm(request.body ?? '');
    if (!form.ok) return refuse(400, 'invalid_request', form.problem);
    const client = authenticate(request, form.params);
    if ('status' in client) return client;
    const grant = form.params.get('grant_type');
    if (grant === undefined)
      return refuse(400, 'invalid_request', 'grant_type is missing: send grant_type=client_credentials.');
    if (grant !== 'client_credentials') {
      return refuse(
        400,
        'unsupported_grant_type',
        'This endpoint issues tokens by the client_credentials grant only.',
      );
    }
    const scope = grantedScope(client, form.params.get('scope'));
    if (scope === false) {
      const allowed = client.scopes ? `: ask for some of ${client.scopes.join(' ')}` : '';
      return refuse(400, 'invalid_scope', `The scope is malformed or not granted to this client${allowed}.`);
    }
    const issued = await tokens.issue();
    const body: TokenResponse = {
      access_token: issued.accessToken,
      token_type: 'Bearer',
      expires_in: issued.expiresIn,
      ...(scope === undefined ? {} : { scope }),
    };
    return jsonResponse(200, body, NO_STORE);
  }

  return {
    name: 'oauth-token',
    pathPrefix: TOKEN_PATH,
    routes: [{ method: 'POST', path: TOKEN_PATH }],
    // `/oauth/tokens` shares the prefix but not the path: it goes on to the bearer check like any other.
    handle: (request) => (request.path === TOKEN_PATH ? answer(request) : undefined),
  };
}

/** The scope granted (undefined: none), or false when a scope is malformed or not the client's. */
function grantedScope(client: OAuthClient, requested: string | undefined): string | undefined | false {
  if (requested === undefined) return client.scopes?.length ? client.scopes.join(' ') : undefined;
  const asked = [...new Set(requested.split(' ').filter((name) => name !== ''))];
  if (asked.length === 0) return client.scopes?.length ? client.scopes.join(' ') : undefined;
  const allowed = client.scopes && new Set(client.scopes);
  if (asked.some((name) => !SCOPE_TOKEN.test(name) || (allowed && !allowed.has(name)))) return false;
  return asked.join(' ');
}

/** An RFC 6749 §5.2 error: JSON `{error, error_description}`, never cached. */
function refuse(
  status: number,
  error: OAuthError['error'],
  description: string,
  headers: Readonly<Record<string, string>> = {},
): MockResponse {
  const body: OAuthError = { error, error_description: description };
  return jsonResponse(status, body, { ...NO_STORE, ...headers });
}

export const DEFAULT_TOKEN_TTL_MS = 3_600_000;
/** A year: tokens that outlive that are API keys by another name. */
export const MAX_TOKEN_TTL_MS = 365 * 86_400_000;

/** Why `ms` cannot be a token lifetime, or undefined: whole seconds (`expires_in` counts them), 1 s to 365 d. */
export function tokenTtlProblem(ms: number, setting: string): string | undefined {
  if (Number.isInteger(ms) && ms % 1000 === 0 && ms >= 1000 && ms <= MAX_TOKEN_TTL_MS) return undefined;
  return `${setting} must be whole seconds from 1s to 365d, such as 60s or 1h.`;
}

export interface OAuthOptions {
  /** Clients of `POST /oauth/token` (spec/oauth.openapi.yaml); none: no token endpoint. */
  readonly oauthClients?: readonly OAuthClient[];
  /** How long an issued token is accepted, on the mock's clock; default 1 hour. */
  readonly tokenTtlMs?: number;
  /** Where issued tokens are kept: the state port's (shared by replicas on Redis); default in memory. */
  readonly tokens?: TokenStore;
}

/** The token endpoint and the state's tokens, when clients are configured; throws on a bad setting. */
export function oauthPart(options: OAuthOptions, clock: Clock) {
  const clients = options.oauthClients ?? [];
  if (clients.length === 0) return undefined;
  for (const client of clients) {
    const problem = oauthClientProblem(client, 'oauthClients');
    if (problem !== undefined) throw new Error(problem);
  }
  const ttlMs = options.tokenTtlMs ?? DEFAULT_TOKEN_TTL_MS;
  const ttlProblem = tokenTtlProblem(ttlMs, 'tokenTtlMs');
  if (ttlProblem !== undefined) throw new Error(ttlProblem);
  const tokens = new AccessTokens(options.tokens ?? memoryTokenStore(), clock, ttlMs);
  return {
    tokens,
    endpoint: tokenEndpoint(clients, tokens),
    /** What the journal and the log redact besides the keys (issued tokens they find by their shape). */
    secrets: clients.map((client) => client.clientSecret),
    /** Whether the request is a token request of a configured client (it may then create its session). */
    authenticates: (request: MockRequest) => authenticatesClient(request, clients),
  };
}

/**
 * Whether `request` is a token request that authenticates one of `clients` (HTTP Basic, or `client_id` and
 * `client_secret` in its form body): the one request of an OAuth client that may create its session, as a
 * valid key does for the Store API.
 */
function authenticatesClient(request: MockRequest, clients: readonly OAuthClient[]): boolean {
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
