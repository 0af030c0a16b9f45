import type { MockExtension } from '../extension.ts';
import type { AccessTokens } from '../http/access-tokens.ts';
import { constantTimeEquals } from '../http/auth.ts';
import { coreError } from '../http/errors.ts';
import { basicCredentials, isBasic, isFormMediaType, parseForm } from '../http/form.ts';
import { jsonResponse } from '../http/responses.ts';
import type { MockRequest, MockResponse } from '../types.ts';
import { type OAuthClient, SCOPE_TOKEN, TOKEN_PATH } from './oauth-clients.ts';
import type { components } from './oauth-types.generated.ts';

type TokenResponse = components['schemas']['TokenResponse'];
type OAuthError = components['schemas']['OAuthError'];

/** Tokens and errors are never cached (RFC 6749 §5.1; Pragma for HTTP/1.0 caches). */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;
const BASIC_CHALLENGE = { 'www-authenticate': 'Basic realm="petstore"' } as const;

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
