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
  const token = bearerToken(header);
  if (token === undefined) return 'missing';
  let matched = false;
  // Compare against every key, even after a match, so timing does not tell which key matched. A malformed
  // token matches none (every key is a token: apiKeyProblem), so it needs no syntax check of its own first.
  for (const key of apiKeys) matched = constantTimeEquals(token, key) || matched;
  return matched ? 'valid' : 'invalid';
}

/** The token after "Bearer " (possibly empty or malformed), or undefined when the header is not Bearer. */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  // The usual form, "Bearer <token>" with nothing to trim, read without a copy of the scheme or a regex.
  if (
    header.startsWith('Bearer ') &&
    isTokenCharacter(header.charCodeAt(7)) &&
    isTokenCharacter(header.charCodeAt(header.length - 1))
  ) {
    return header.slice(7);
  }
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
 * Compares without an early exit, so the time taken does not reveal how much of a key was guessed;
 * the loop length depends only on the longer input.
 */
export function constantTimeEquals(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let i = 0; i < length; i++) {
    // charCodeAt past the end is NaN, and NaN | 0 is 0.
    difference |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  }
  return difference === 0;
}
