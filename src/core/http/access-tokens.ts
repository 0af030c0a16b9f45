import type { SecretShape } from '../../exchange/secrets.ts';
import type { Clock } from '../types.ts';

/**
 * Every token the mock issues starts with this, then 43 base64url characters (256 random bits): redaction
 * finds any of them, from any replica or session, expired or not, without keeping a list (like GitHub's
 * `ghp_` tokens, made for secret scanners).
 */
export const ACCESS_TOKEN_PREFIX = 'pmat_';
/** An issued token, for matching in a text (global: every occurrence). */
export const ACCESS_TOKEN_PATTERN = /pmat_[A-Za-z0-9_-]{43}/g;
const ACCESS_TOKEN_SHAPE = /^pmat_[A-Za-z0-9_-]{43}$/;
/** Issued tokens as the secret redactor finds them. */
export const ACCESS_TOKEN_SECRET: SecretShape = {
  prefix: ACCESS_TOKEN_PREFIX,
  pattern: ACCESS_TOKEN_PATTERN,
};

/** The most live tokens a state keeps; issuing beyond drops those closest to expiry. */
export const MAX_LIVE_TOKENS = 10_000;

/**
 * Where a state keeps the tokens it issued (the state port provides it: in memory, or in Redis so that every
 * replica accepts them). Times are on the state's clock, in ms since the epoch; a call answers at once or
 * with a promise.
 */
export interface TokenStore {
  /** Keeps `token` until `expiresAt`; `now` lets it drop the tokens that expired, within MAX_LIVE_TOKENS. */
  issue(token: string, expiresAt: number, now: number): void | Promise<void>;
  /** When `token` expires, or undefined when this state never issued it (or forgot it). */
  expiresAt(token: string): number | undefined | Promise<number | undefined>;
  /** Forgets every token (a reset: the seed state has none). */
  clear(): void | Promise<void>;
}

/**
 * Tokens in this process. Tokens of one state share one lifetime and its clock only moves forward (a reset
 * empties the store too), so the order they were issued in is the order they expire in: the oldest go first.
 */
export function memoryTokenStore(): TokenStore {
  const tokens = new Map<string, number>();
  return {
    issue(token, expiresAt, now) {
      for (const [kept, until] of tokens) {
        if (until > now && tokens.size < MAX_LIVE_TOKENS) break;
        tokens.delete(kept);
      }
      tokens.set(token, expiresAt);
    },
    // A map lookup by the token itself: its timing could only reveal a hash bucket of 256-bit random values.
    expiresAt: (token) => tokens.get(token),
    clear: () => tokens.clear(),
  };
}

export type TokenVerdict = 'valid' | 'expired' | 'invalid';

/** What `POST /oauth/token` answers with, and the lifetime it gives. */
export interface IssuedToken {
  readonly accessToken: string;
  /** Seconds, as RFC 6749 §5.1 `expires_in` counts them. */
  readonly expiresIn: number;
}

/** The issued tokens of one state: issue on its clock, verify against it, forget on a reset. */
export class AccessTokens {
  readonly #store: TokenStore;
  readonly #clock: Clock;
  readonly ttlMs: number;

  constructor(store: TokenStore, clock: Clock, ttlMs: number) {
    this.#store = store;
    this.#clock = clock;
    this.ttlMs = ttlMs;
  }

  async issue(): Promise<IssuedToken> {
    const accessToken = newAccessToken();
    const now = this.#clock.now();
    await this.#store.issue(accessToken, now + this.ttlMs, now);
    return { accessToken, expiresIn: Math.floor(this.ttlMs / 1000) };
  }

  /**
   * Whether a bearer token the keys did not match is one this state issued, and still valid on its clock.
   * Anything not shaped like an issued token is invalid without asking the store (no Redis round trip).
   * The clock is read after the lookup: a shared store loads the shared clock while it looks.
   */
  verify(token: string): TokenVerdict | Promise<TokenVerdict> {
    if (!ACCESS_TOKEN_SHAPE.test(token)) return 'invalid';
    const found = this.#store.expiresAt(token);
    return found instanceof Promise ? found.then((until) => this.#judge(until)) : this.#judge(found);
  }

  clear(): void | Promise<void> {
    return this.#store.clear();
  }

  #judge(until: number | undefined): TokenVerdict {
    if (until === undefined) return 'invalid';
    return this.#clock.now() < until ? 'valid' : 'expired';
  }
}

// The core names no runtime; every runtime it runs on (Node 20, browsers) has Web Crypto. Read when a token is
// made, not when this module loads: in Node the first read of `globalThis.crypto` loads Web Crypto (about 2 ms
// of a start that issues no token; scripts/bundle-cli.test.ts).
const runtime = globalThis as unknown as { crypto: { getRandomValues(bytes: Uint8Array): Uint8Array } };
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A new token: the prefix and 256 random bits in base64url (an RFC 6750 b64token). */
export function newAccessToken(): string {
  const bytes = runtime.crypto.getRandomValues(new Uint8Array(32));
  let text = ACCESS_TOKEN_PREFIX;
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      text += BASE64URL[(value >> bits) & 63];
    }
  }
  if (bits > 0) text += BASE64URL[(value << (6 - bits)) & 63];
  return text;
}
