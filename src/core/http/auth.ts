/** What the Authorization header amounts to. */
export type Credential = 'valid' | 'missing' | 'invalid';

// RFC 6750 §2.1: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * Why `key` cannot be an API key, or undefined when it can: a key must be a token a client can send after
 * "Bearer " (RFC 6750 §2.1), or every request with it would be a 401. `setting` names where the key came
 * from (`--api-key`, `apiKeys`), so every plane refuses the same keys with the same sentence. The sentence
 * names the first character that cannot be, never the key: a real key pasted with a newline ends up in logs.
 */
export function apiKeyProblem(key: string, setting: string): string | undefined {
  if (BEARER_TOKEN.test(key)) return undefined;
  return `${setting} must be an RFC 6750 token (letters, digits, - . _ ~ + /, then = padding); ${whatIsWrong(key)}.`;
}

const CHARACTER_NAMES: Readonly<Record<string, string>> = {
  ' ': 'a space',
  '\t': 'a tab (U+0009)',
  '\n': 'a line feed (U+000A)',
  '\r': 'a carriage return (U+000D)',
};

/** The first character a token cannot hold, by position and kind; only punctuation is shown as it is. */
function whatIsWrong(key: string): string {
  if (key === '') return 'it is empty';
  const characters = [...key];
  const padding = /=+$/.exec(key)?.index ?? key.length;
  const index = characters.findIndex(
    (character, i) => !/^[A-Za-z0-9\-._~+/=]$/.test(character) || (character === '=' && i < padding),
  );
  const character = characters[index] as string;
  const at = `character ${index + 1} of ${characters.length} is`;
  if (character === '=') return `${at} "=" before the end (padding comes last)`;
  const code = `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  if (CHARACTER_NAMES[character]) return `${at} ${CHARACTER_NAMES[character]}`;
  if (/^\p{L}$/u.test(character)) return `${at} a non-ASCII letter (${code})`;
  if (/^[\x21-\x7e]$/.test(character)) return `${at} ${JSON.stringify(character)}`;
  return `${at} ${code}`;
}

/**
 * Reads a bearer credential. The scheme is case-insensitive (RFC 9110 §11.1). A header with another scheme
 * (Basic, say) carries no bearer credential, so it counts as missing; a malformed or unknown token is invalid.
 */
export function checkCredential(header: string | undefined, apiKeys: readonly string[]): Credential {
  if (header === undefined) return 'missing';
  // The usual form is compared where the token stands in the header, without a copy of it.
  if (isPlainBearer(header)) return matchesAKey(header, BEARER_PREFIX.length, apiKeys);
  const token = bearerToken(header);
  return token === undefined ? 'missing' : matchesAKey(token, 0, apiKeys);
}

/** The token (from `from` on in `text`) against every key, even after a match, so timing does not tell which. */
function matchesAKey(text: string, from: number, apiKeys: readonly string[]): Credential {
  let matched = false;
  // A malformed token matches none (every key is a token: apiKeyProblem), so it needs no syntax check first.
  for (const key of apiKeys) matched = constantTimeEquals(text, key, from) || matched;
  return matched ? 'valid' : 'invalid';
}

const BEARER_PREFIX = 'Bearer ';

/** "Bearer <token>" with nothing to trim: the token is everything after the prefix. */
function isPlainBearer(header: string): boolean {
  return (
    header.startsWith(BEARER_PREFIX) &&
    isTokenCharacter(header.charCodeAt(BEARER_PREFIX.length)) &&
    isTokenCharacter(header.charCodeAt(header.length - 1))
  );
}

/** The token after "Bearer " (possibly empty or malformed), or undefined when the header is not Bearer. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (isPlainBearer(header)) return header.slice(BEARER_PREFIX.length);
  const trimmed = header.trim();
  const space = trimmed.search(/\s/);
  const scheme = space === -1 ? trimmed : trimmed.slice(0, space);
  if (scheme.toLowerCase() !== 'bearer') return undefined;
  return space === -1 ? '' : trimmed.slice(space).trim();
}

/** A character of RFC 6750's b64token or its padding: never whitespace, so a token bounded by two needs no trim. */
function isTokenCharacter(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x2b && code <= 0x39 && code !== 0x2c) || // + - . / 0-9
    code === 0x5f || // _
    code === 0x7e || // ~
    code === 0x3d // =
  );
}

/**
 * Compares `a` (from index `from` on) with `b` without an early exit, so the time taken does not reveal how
 * much of a key was guessed; the loop length depends only on the longer input.
 */
export function constantTimeEquals(a: string, b: string, from = 0): boolean {
  const aLength = a.length - from;
  const length = Math.max(aLength, b.length);
  let difference = aLength ^ b.length;
  for (let i = 0; i < length; i++) {
    // charCodeAt past the end is NaN, and NaN | 0 is 0.
    difference |= (a.charCodeAt(from + i) | 0) ^ (b.charCodeAt(i) | 0);
  }
  return difference === 0;
}
