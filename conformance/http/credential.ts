// Where the run's credential comes from (a key, a file, a command, an OAuth token endpoint) and when a token is
// fetched again: before it expires, and once after an unexpected 401.

/**
 * Why a credential cannot be sent after "Bearer " (`contains white space …`), or undefined. Names the
 * problem, never the value.
 */
export function credentialProblem(value: string): string | undefined {
  if (/[\r\n]/.test(value)) return 'contains a line break (two values pasted into one secret?)';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'contains a control character';
  if (/\s/.test(value)) return 'contains white space (a Bearer token cannot, RFC 6750 §2.1)';
  if (/[^\u0021-\u007e]/.test(value)) return 'contains a character outside printable ASCII';
  return undefined;
}

/** How reports name the credential's source. */
export type CredentialSourceName = 'api-key' | 'api-key-file' | 'token-command' | 'oauth';

/** The source failed (a command exited 1, a token endpoint answered 401…): the run stops, exit 2, one line. */
export class CredentialSourceError extends Error {
  override readonly name = 'CredentialSourceError';
}

export interface Credential {
  readonly source: CredentialSourceName;
  /** The shell variable a reproduce line reads it from: the key, or a token fetched for the run. */
  readonly variable: 'PETSTORE_API_KEY' | 'PETSTORE_TOKEN';
  /** The credential to send now; a token is fetched first, or again when it is about to expire. */
  current(): Promise<string>;
  /** The server accepted `sent`: a later 401 to it means it expired or was revoked. */
  accepted(sent: string): void;
  /**
   * After a 401 to a request that expected `sent` to be accepted: a fresh token to send once more, or
   * undefined when none is worth trying (a key; a token the server never accepted, so no loop).
   */
  afterRefusal(sent: string): Promise<string | undefined>;
  /** How often a token was fetched again after the first. */
  readonly refreshes: number;
}

/** A key given by value or in a file: sent as it is, never refreshed. */
export function staticCredential(key: string, source: 'api-key' | 'api-key-file'): Credential {
  return {
    source,
    variable: 'PETSTORE_API_KEY',
    current: async () => key,
    accepted: () => {},
    afterRefusal: async () => undefined,
    refreshes: 0,
  };
}

/** A token as a source hands it over: its lifetime in ms when the source says (`expires_in`). */
export interface FetchedToken {
  readonly token: string;
  readonly expiresInMs?: number;
}

export interface RefreshingOptions {
  readonly source: 'token-command' | 'oauth';
  /** Fetches a token; throws CredentialSourceError naming the source when it cannot. */
  readonly fetch: () => Promise<FetchedToken>;
  /** Every token fetched, before it is sent anywhere (the run's redaction). */
  readonly onToken: (token: string) => void;
  /** The run's clock (ms, monotonic). */
  readonly now: () => number;
  /** Wall time in ms since the epoch, to read a JWT's `exp`. */
  readonly wallNow: () => number;
}

/** A token is fetched again this long before it expires: a tenth of its life, at most 30 s. */
const skewOf = (lifetimeMs: number): number => Math.min(30_000, lifetimeMs / 10);

/**
 * A token from a command or a token endpoint, fetched on first use, again before it expires (from
 * `expires_in`, else a JWT's `exp`), and once after an unexpected 401 to a token the server had accepted.
 * Concurrent callers share one fetch.
 */
export function refreshingCredential(options: RefreshingOptions): Credential {
  let held: { token: string; refreshAt: number; accepted: boolean } | undefined;
  let pending: Promise<string> | undefined;
  let fetches = 0;

  function fetchToken(): Promise<string> {
    pending ??= (async () => {
      try {
        const fetched = await options.fetch();
        options.onToken(fetched.token);
        fetches++;
        const lifetime = fetched.expiresInMs ?? jwtLifetimeMs(fetched.token, options.wallNow());
        const refreshAt =
          lifetime === undefined ? Number.POSITIVE_INFINITY : options.now() + lifetime - skewOf(lifetime);
        held = { token: fetched.token, refreshAt, accepted: false };
        return fetched.token;
      } finally {
        pending = undefined;
      }
    })();
    return pending;
  }

  return {
    source: options.source,
    variable: 'PETSTORE_TOKEN',
    async current() {
      if (pending) return pending;
      if (held && options.now() < held.refreshAt) return held.token;
      return fetchToken();
    },
    accepted(sent) {
      if (held?.token === sent) held.accepted = true;
    },
    async afterRefusal(sent) {
      if (pending) return pending;
      if (!held) return undefined;
      // Another request fetched a new token meanwhile: send that one.
      if (held.token !== sent) return held.token;
      if (!held.accepted) return undefined;
      return fetchToken();
    },
    get refreshes() {
      return Math.max(0, fetches - 1);
    },
  };
}

/** A JWT's remaining life from its `exp` claim, or undefined when the token is not a JWT with one. */
export function jwtLifetimeMs(token: string, wallNow: number): number | undefined {
  const payload = token.split('.')[1];
  if (token.split('.').length !== 3 || !payload) return undefined;
  try {
    const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) ? Math.max(0, exp * 1000 - wallNow) : undefined;
  } catch {
    return undefined;
  }
}
