import { isCredentialName } from '../output/credential-names.ts';
import { encodingsOf } from '../output/redact.ts';
import { SecretIndex } from '../output/secret-index.ts';

// The proxy is given no key: every credential it sees in traffic is a secret, and whatever it writes out
// (report, log, files) passes through redact() with every secret seen so far.

const KEY_LIKE_PARAM = /key|token|secret|session|passw|auth|sig|credential|code/i;
/**
 * Secrets held at most, by their forms (a dozen each): thousands of distinct tokens and rotating cookies. The
 * oldest are forgotten first; what the proxy kept of earlier traffic was redacted when it was kept.
 */
const MAX_FORMS = 50_000;

export interface Secrets {
  add(secret: string): void;
  /** Replaces every secret held, in its common encodings, with `[REDACTED]`, in time independent of their number. */
  redact(text: string): string;
}

/** The forms a secret takes when echoed: the suite's encodings, and form encoding (spaces as `+`). */
const encodings = (secret: string): string[] => [
  ...encodingsOf(secret),
  encodeURIComponent(secret).replaceAll('%20', '+'),
];

export function createSecrets(): Secrets {
  // A short secret is redacted only where it stands alone, or "e" would eat every letter e.
  const index = new SecretIndex({ short: 'standalone', maxForms: MAX_FORMS });
  return {
    add(secret) {
      const value = secret.trim();
      if (value !== '') index.add(value, encodings(value));
    },
    redact: (text) => index.redact(text),
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

/** The secrets of a request: Authorization and Proxy-Authorization, cookies, credential headers, query keys. */
export function secretsInRequest(rawHeaders: readonly string[], target: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] ?? '').toLowerCase();
    const value = rawHeaders[i + 1] ?? '';
    if (name === 'authorization' || name === 'proxy-authorization') found.push(...credentialsOf(value));
    else if (name === 'cookie') found.push(...cookieValues(value));
    else if (isCredentialName(name)) found.push(value);
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
