import type * as OAuth from 'oauth4webapi';
import { CredentialSourceError, type FetchedToken } from './credential.ts';
import { describeError, isTimeout } from './fetch.ts';

/** OAuth 2.0 client credentials (RFC 6749 §4.4), as `--oauth-token-url` and its companions give them. */
export interface OAuthSettings {
  readonly tokenUrl: string;
  readonly clientId: string;
  /** Never a command-line value: `--oauth-client-secret-env` or `--oauth-client-secret-file` read it. */
  readonly clientSecret: string;
  readonly scope?: string;
  /** The `audience` parameter some servers (Auth0, Okta) need to pick the API. */
  readonly audience?: string;
  /** `client_secret_basic` (default) or `client_secret_post`. */
  readonly clientAuth?: 'basic' | 'post';
}

export interface OAuthClientOptions {
  /** The budget of one token request. */
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
}

/**
 * Gets tokens from a token endpoint with oauth4webapi: the grant, client authentication and the answer's
 * checks are its, none written here. A failure is one line naming the endpoint and, for an OAuth error
 * answer, its `error` code; never the secret or a token.
 */
export function oauthToken(
  settings: OAuthSettings,
  options: OAuthClientOptions,
): () => Promise<FetchedToken> {
  const endpoint = new URL(settings.tokenUrl);
  const as: OAuth.AuthorizationServer = { issuer: endpoint.origin, token_endpoint: endpoint.href };
  const client: OAuth.Client = { client_id: settings.clientId };
  const where = `the OAuth token endpoint ${endpoint.origin}${endpoint.pathname}`;
  const parameters: Record<string, string> = {
    ...(settings.scope ? { scope: settings.scope } : {}),
    ...(settings.audience ? { audience: settings.audience } : {}),
  };
  return async () => {
    // The OAuth client is loaded by the first token a run fetches, never by a run that uses a key.
    const oauth = await import('oauth4webapi');
    const auth =
      settings.clientAuth === 'post'
        ? oauth.ClientSecretPost(settings.clientSecret)
        : oauth.ClientSecretBasic(settings.clientSecret);
    try {
      const response = await oauth.clientCredentialsGrantRequest(as, client, auth, parameters, {
        signal: AbortSignal.timeout(options.timeoutMs),
        [oauth.allowInsecureRequests]: endpoint.protocol === 'http:',
        [oauth.customFetch]: options.fetch,
      });
      const answer = await oauth.processClientCredentialsResponse(as, client, response);
      if (answer.token_type !== 'bearer') {
        throw new CredentialSourceError(`${where} issued a ${answer.token_type} token, not a Bearer token`);
      }
      return answer.expires_in === undefined
        ? { token: answer.access_token }
        : { token: answer.access_token, expiresInMs: answer.expires_in * 1000 };
    } catch (error) {
      throw error instanceof CredentialSourceError
        ? error
        : new CredentialSourceError(`${where} ${await failure(oauth, error, options.timeoutMs)}`);
    }
  };
}

/** What went wrong, in words: the status and OAuth error code, a timeout, or why it was not reached. */
async function failure(oauth: typeof OAuth, error: unknown, timeoutMs: number): Promise<string> {
  if (error instanceof oauth.ResponseBodyError) return `answered ${error.status} ${oauthCode(error.error)}`;
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const body = (await error.response.json().catch(() => undefined)) as { error?: unknown } | undefined;
    const code = typeof body?.error === 'string' ? ` ${oauthCode(body.error)}` : '';
    return `answered ${error.status}${code} (a ${error.cause[0]?.scheme ?? 'WWW-Authenticate'} challenge)`;
  }
  if (isTimeout(error)) return `did not answer within ${timeoutMs} ms (--timeout)`;
  if (error instanceof oauth.OperationProcessingError) {
    const cause = error.cause;
    if (cause instanceof Response) return `answered ${cause.status}, not a token response`;
    return `answered with no usable token (${error.message.replaceAll('"', '')})`;
  }
  return `cannot be reached: ${describeError(error, timeoutMs)}`;
}

/** An OAuth error code as sent, if it looks like one (RFC 6749 §5.2: a NQSCHAR token), else a placeholder. */
const oauthCode = (code: string): string =>
  /^[\x20-\x21\x23-\x5b\x5d-\x7e]{1,64}$/.test(code) ? code : '(an unreadable error code)';
