import { isCredentialName } from './credential-names.ts';
import { isCredentialParam } from './redact.ts';

// The credentials an exchange carries, so that whoever writes it out can redact them wherever they are echoed
// (a body, an error message), not only in the fields that carry them.

// Every runtime this module runs on has these; the framework-free layers name no runtime's types.
const { atob, TextDecoder } = globalThis as unknown as {
  atob(text: string): string;
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
};

/** The secrets of a request: Authorization and Proxy-Authorization, cookies, key-like fields and query keys. */
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
      if (at < 0 || !isCredentialParam(pair.slice(0, at))) continue;
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

/** The credentials part of an Authorization value, and for Basic its decoded form and password. */
function credentialsOf(value: string): string[] {
  const [scheme = '', ...rest] = value.trim().split(/\s+/);
  const credentials = rest.join(' ');
  if (!credentials) return [value];
  const found = [value, credentials];
  if (scheme.toLowerCase() === 'basic') {
    const decoded = decodeBase64(credentials);
    const colon = decoded.indexOf(':');
    if (colon >= 0) found.push(decoded, decoded.slice(colon + 1));
  }
  return found;
}

function decodeBase64(text: string): string {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text), (char) => char.charCodeAt(0)));
  } catch {
    return '';
  }
}

const cookieValues = (value: string): string[] =>
  value.split(';').flatMap((pair) => {
    const at = pair.indexOf('=');
    return at < 0 ? [] : [pair.slice(at + 1).trim()];
  });

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}
