import { KEY_PLACEHOLDER } from './request.ts';

const single = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what needs the other quoting.
const CONTROL = /[\x00-\x1f\x7f]/g;
/** Bash ANSI-C quoting, for text with a tab or another control character. */
const ansi = (text: string): string =>
  `$'${text.replace(/[\\']/g, '\\$&').replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}'`;
const quote = (text: string): string => (text.search(CONTROL) >= 0 ? ansi(text) : single(text));

/** A curl command repeating a generated request; the key is read from $PETSTORE_API_KEY, never printed. */
export function curlLine(
  method: string,
  url: string,
  authorization: string | undefined,
  extra: Readonly<Record<string, string>> = {},
): string {
  const parts = ['curl -i'];
  if (/[[\]{}]/.test(url)) parts.push('-g');
  if (method === 'HEAD') parts.push('--head');
  else if (method !== 'GET') parts.push(`-X ${method}`);
  parts.push(single(url), `-H ${single('Accept: application/json')}`);
  // --header values (credential-like ones are redacted from the message like the key).
  for (const [name, value] of Object.entries(extra)) parts.push(`-H ${quote(`${name}: ${value}`)}`);
  if (authorization !== undefined) {
    const pieces = `Authorization: ${authorization}`.split(KEY_PLACEHOLDER);
    parts.push(`-H ${pieces.map((p) => (p === '' ? '' : quote(p))).join('"$PETSTORE_API_KEY"')}`);
  }
  return parts.join(' ');
}
