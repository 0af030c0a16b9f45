import { readFileSync } from 'node:fs';
import {
  type Credential,
  type CredentialSourceName,
  credentialProblem,
  refreshingCredential,
  staticCredential,
} from '../http/credential.ts';
import { type OAuthSettings, oauthToken } from '../http/oauth-token.ts';
import { tokenCommand } from '../http/token-command.ts';
import type { RunSecrets } from './redaction.ts';
import { UsageError } from './usage-error.ts';

/** Where the run's credential comes from: one of these, or none (the checks that need one are skipped). */
export interface CredentialOptions {
  /** The API key itself (`--api-key`, `PETSTORE_API_KEY`). */
  apiKey?: string;
  /** A file holding the key, such as a Docker secret (`--api-key-file`, `PETSTORE_API_KEY_FILE`). */
  apiKeyFile?: string;
  /** A shell command printing a token, or JSON `{"access_token", "expires_in"}` (`--token-command`). */
  tokenCommand?: string;
  /** OAuth 2.0 client credentials at a token endpoint (`--oauth-token-url` and companions). */
  oauth?: OAuthSettings;
}

interface Context {
  readonly timeoutMs: number;
  readonly fetch: typeof fetch;
  readonly now: () => number;
  readonly wallNow: () => number;
  readonly secrets: RunSecrets;
}

/**
 * The run's credential from its options; throws a UsageError for two sources at once or a source that cannot
 * work (an unreadable file, a token URL with credentials in it), naming the problem, never a secret. Every
 * secret it reads or fetches goes into the run's redaction first.
 */
export function resolveCredential(options: CredentialOptions, context: Context): Credential | undefined {
  const given = (['apiKey', 'apiKeyFile', 'tokenCommand', 'oauth'] as const).filter(
    (name) => options[name] !== undefined && options[name] !== '',
  );
  if (given.length > 1) {
    throw new UsageError(
      'give one credential: --api-key, --api-key-file, --token-command or --oauth-token-url (with its companions)',
    );
  }
  const source = given[0];
  if (source === undefined) return undefined;
  if (source === 'apiKey' || source === 'apiKeyFile') {
    const key = source === 'apiKey' ? (options.apiKey as string) : readKeyFile(options.apiKeyFile as string);
    const problem = credentialProblem(key);
    const where = source === 'apiKey' ? 'the API key' : `the API key in ${options.apiKeyFile}`;
    if (problem !== undefined) throw new UsageError(`${where} ${problem}`);
    context.secrets.addCredential(key);
    return staticCredential(key, source === 'apiKey' ? 'api-key' : 'api-key-file');
  }
  const fetchToken =
    source === 'tokenCommand'
      ? tokenCommand(options.tokenCommand as string, {
          timeoutMs: context.timeoutMs,
          onOutput: (stdout) => context.secrets.add(stdout),
          tokenProblem: credentialProblem,
        })
      : oauthToken(checkedOAuth(options.oauth as OAuthSettings, context.secrets), context);
  return refreshingCredential({
    source: (source === 'tokenCommand' ? 'token-command' : 'oauth') satisfies CredentialSourceName,
    fetch: fetchToken,
    onToken: (token) => context.secrets.addCredential(token),
    now: context.now,
    wallNow: context.wallNow,
  });
}

/** A key file's text: a Docker secret often ends with a newline, which is not part of the key. */
function readKeyFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `the API key file ${path} cannot be read (${(error as { code?: string }).code ?? error})`,
    );
  }
  const key = text.replace(/\s+$/, '');
  if (key === '') throw new UsageError(`the API key file ${path} is empty`);
  return key;
}

function checkedOAuth(settings: OAuthSettings, secrets: RunSecrets): OAuthSettings {
  if (settings.clientSecret) secrets.add(settings.clientSecret);
  let url: URL;
  try {
    url = new URL(settings.tokenUrl);
  } catch {
    throw new UsageError('--oauth-token-url is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`--oauth-token-url must be http or https, got ${url.protocol}`);
  }
  if (url.username || url.password || url.hash) {
    throw new UsageError(
      '--oauth-token-url carries credentials or a fragment; the client secret goes in --oauth-client-secret-env or --oauth-client-secret-file',
    );
  }
  if (!settings.clientId) throw new UsageError('--oauth-token-url needs --oauth-client-id');
  if (!settings.clientSecret) {
    throw new UsageError(
      '--oauth-token-url needs the client secret: --oauth-client-secret-env NAME or --oauth-client-secret-file PATH',
    );
  }
  if (
    settings.clientAuth !== undefined &&
    settings.clientAuth !== 'basic' &&
    settings.clientAuth !== 'post'
  ) {
    throw new UsageError(
      `--oauth-client-auth must be basic or post, got "${String(settings.clientAuth).slice(0, 20)}"`,
    );
  }
  return settings;
}
