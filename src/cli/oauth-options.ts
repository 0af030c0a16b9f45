import { parseDuration } from '../core/controls/duration.ts';
import { quote } from '../core/http/text.ts';
import {
  DEFAULT_TOKEN_TTL_MS,
  type OAuthClient,
  oauthClientProblem,
  tokenTtlProblem,
} from '../core/routes/oauth-token.ts';
import { UsageError } from './checks.ts';

/**
 * `--oauth-client ID:SECRET` (repeatable; else `PETSTORE_OAUTH_CLIENTS`, clients separated by commas or white
 * space, or the config file) and `--token-ttl`. `setting` names where the clients came from. A refusal names
 * the problem and the client id, never a secret.
 */
export function oauthOptions(
  given: readonly string[] | undefined,
  setting: string,
  ttl: string | undefined,
): { readonly oauthClients: readonly OAuthClient[]; readonly tokenTtlMs: number } {
  const entries = given ?? [];
  const oauthClients = entries.map((entry) => client(entry, setting));
  const ids = oauthClients.map((one) => one.clientId);
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) throw new UsageError(`${setting} names client ${quote(twice)} twice.`);
  if (ttl !== undefined && oauthClients.length === 0) {
    throw new UsageError('--token-ttl sets the lifetime of OAuth tokens: add --oauth-client ID:SECRET.');
  }
  const tokenTtlMs = ttl === undefined ? DEFAULT_TOKEN_TTL_MS : (parseDuration(ttl) ?? Number.NaN);
  const problem = tokenTtlProblem(tokenTtlMs, '--token-ttl');
  if (problem !== undefined) throw new UsageError(`${problem.slice(0, -1)}, not ${quote(ttl ?? '')}.`);
  return { oauthClients, tokenTtlMs };
}

function client(entry: string, setting: string): OAuthClient {
  const colon = entry.indexOf(':');
  if (colon <= 0 || colon === entry.length - 1) {
    throw new UsageError(`${setting} takes ID:SECRET, such as ci:s3cret (the value given is not shown).`);
  }
  const parsed = { clientId: entry.slice(0, colon), clientSecret: entry.slice(colon + 1) };
  const problem = oauthClientProblem(parsed, setting);
  if (problem !== undefined) throw new UsageError(problem);
  return parsed;
}
