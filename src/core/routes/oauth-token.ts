import { lazyExtension } from '../control-code-loader.ts';
import { AccessTokens, memoryTokenStore, type TokenStore } from '../http/access-tokens.ts';
import type { Clock, MockRequest } from '../types.ts';
import { authenticatesClient, type OAuthClient, oauthClientProblem, TOKEN_PATH } from './oauth-clients.ts';

export { type OAuthClient, oauthClientProblem, TOKEN_PATH } from './oauth-clients.ts';

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
    // Named at once; its answers load on its first request. `/oauth/tokens` shares the prefix but not the
    // path: it goes on to the bearer check like any other, without loading anything.
    endpoint: lazyExtension(
      { name: 'oauth-token', pathPrefix: TOKEN_PATH, routes: [{ method: 'POST', path: TOKEN_PATH }] },
      (request) => request.path === TOKEN_PATH,
      (code) => code.tokenEndpoint(clients, tokens),
    ),
    /** What the journal and the log redact besides the keys (issued tokens they find by their shape). */
    secrets: clients.map((client) => client.clientSecret),
    /** Whether the request is a token request of a configured client (it may then create its session). */
    authenticates: (request: MockRequest) => authenticatesClient(request, clients),
  };
}
