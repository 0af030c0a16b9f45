import { encodingsOf, REDACTED } from '../output/redact.ts';

// The proxy is given no key: every credential it sees in traffic is a secret, and whatever it writes out
// (report, log, files) passes through redact() with every secret seen so far.

/** Below this length a secret is redacted only where it stands alone, or "e" would eat every letter e. */
const SHORT = 6;
const KEY_LIKE_HEADER = /api[-_]?key|token|secret|session|password|^x-auth|^auth/i;
const KEY_LIKE_PARAM = /key|token|secret|session|passw|auth|sig|credential|code/i;

export interface Secrets {
  add(secret: string): void;
  /** Replaces every secret seen so far, in its common encodings, with `[REDACTED]`. */
  redact(text: string): string;
}

/** The forms a secret takes when echoed: the suite's encodings, and form encoding (spaces as `+`). */
const encodings = (secret: string): string[] => [
  ...encodingsOf(secret),
  encodeURIComponent(secret).replaceAll('%20', '+'),
];

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export function createSecrets(): Secrets {
  const forms = new Set<string>();
  let pattern: RegExp | undefined;
  return {
    add(secret) {
      const value = secret.trim();
      if (value === '') return;
      for (const form of encodings(value)) {
        if (form === '' || forms.has(form)) continue;
        forms.add(form);
        pattern = undefined;
      }
    },
    redact(text) {
      if (forms.size === 0) return text;
      pattern ??= new RegExp(
        [...forms]
          .sort((a, b) => b.length - a.length)
          .map((form) =>
            form.length < SHORT ? `(?<![A-Za-z0-9])${escapeRegExp(form)}(?![A-Za-z0-9])` : escapeRegExp(form),
          )
          .join('|'),
        'g',
      );
      return text.replace(pattern, REDACTED);
    },
  };
}

/** The credentials part of an Authorization value, and for Basic its decoded form and password. */
function credentialsOf(value: string): string[] {
  const [scheme = '', ...rest] = value.trim().split(/\s+/);
  const credentials = rest.join(' ');
  if (!credentials) return [value];
  const found = [value, credentials];
  if (scheme.toLowerCase() === 'basic') {
    const decoded = Buffer.from(credentials, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon >= 0) found.push(decoded, decoded.slice(colon + 1));
  }
  return found;
}

const cookieValues = (value: string): string[] =>
  value.split(';').flatMap((pair) => {
    const at = pair.indexOf('=');
    return at < 0 ? [] : [pair.slice(at + 1).trim()];
  });

/** The secrets of a request: Authorization and Proxy-Authorization, cookies, key-like headers and query keys. */
export function secretsInRequest(rawHeaders: readonly string[], target: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] ?? '').toLowerCase();
    const value = rawHeaders[i + 1] ?? '';
    if (name === 'authorization' || name === 'proxy-authorization') found.push(...credentialsOf(value));
    else if (name === 'cookie') found.push(...cookieValues(value));
    else if (KEY_LIKE_HEADER.test(name)) found.push(value);
  }
  const query = target.indexOf('?');
  if (query >= 0) {
    for (const pair of target.slice(query + 1).split('&')) {
      const at = pair.indexOf('=');
      if (at < 0 || !KEY_LIKE_PARAM.test(pair.slice(0, at))) continue;
      const raw = pair.slice(at + 1);
      found.push(raw, safeDecode(raw));
    }
  }
  return found.filter((s) => s.trim() !== '');
}

/** The secrets an answer hands out: the values of its Set-Cookie fields. */
export function secretsInResponse(rawHeaders: readonly string[]): string[] {
  const found: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if ((rawHeaders[i] ?? '').toLowerCase() !== 'set-cookie') continue;
    const first = (rawHeaders[i + 1] ?? '').split(';')[0] ?? '';
    found.push(...cookieValues(first));
  }
  return found.filter((s) => s.trim() !== '');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}
