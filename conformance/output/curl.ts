// The one curl writer: every reproduce line (the console report, exploration's findings, the proxy's
// violations) is a curl command built here, so quoting is done once. Credentials never appear in it: the key
// is written as the shell variable $PETSTORE_API_KEY (or an expression over it), for the shell to fill in.

/** A piece of a header value the shell writes: the key's variable, or an expression over it (a near miss). */
export interface ShellWord {
  shell: string;
}

/** The credential, read from the environment variable `variable` when the command runs. */
export const credentialWord = (variable: string): ShellWord => ({ shell: `$${variable}` });

/** The API key, read from the environment when the command runs. */
export const API_KEY: ShellWord = credentialWord('PETSTORE_API_KEY');

/** A header value: plain text, or text and shell words (`['Bearer ', API_KEY]`). */
export type HeaderValue = string | ReadonlyArray<string | ShellWord>;

export interface CurlRequest {
  method: string;
  url: string;
  /** Sent in order, each as `-H 'name: value'`. */
  headers?: ReadonlyArray<readonly [name: string, value: HeaderValue]>;
  /** The request body as text, or why it is not shown (it is then read from a file named `body`). */
  body?: { text: string } | { omitted: string };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what needs the other quoting.
const CONTROL = /[\x00-\x1f\x7f]/g;
/** What a double-quoted shell word may hold without the shell reading it: no `"`, `$`, backquote, `\`, `!`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: a control character is not safe in double quotes.
const DOUBLE_QUOTE_SAFE = /^[^"$`\\!\x00-\x1f\x7f]*$/;

const single = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;
/** Bash ANSI-C quoting, for text with a tab or another control character. */
const ansi = (text: string): string =>
  `$'${text.replace(/[\\']/g, '\\$&').replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)}'`;
/** One shell word that is exactly `text`. */
export const quote = (text: string): string => (text.search(CONTROL) >= 0 ? ansi(text) : single(text));

/** `$NAME` followed by a letter, digit or `_` would read a longer name: braced, it stays itself. */
const braced = (word: ShellWord, next: string | undefined): string =>
  /^\$[A-Za-z_]\w*$/.test(word.shell) && /^\w/.test(next ?? '') ? `\${${word.shell.slice(1)}}` : word.shell;

/** One shell word for text and shell pieces: double-quoted when the text allows it, else quoted piece by piece. */
function word(parts: ReadonlyArray<string | ShellWord>): string {
  const merged: Array<string | ShellWord> = [];
  for (const part of parts) {
    const last = merged.at(-1);
    if (typeof part === 'string' && typeof last === 'string') merged[merged.length - 1] = last + part;
    else if (part !== '') merged.push(part);
  }
  if (merged.every((p) => typeof p === 'string')) return quote(merged.join(''));
  const next = (i: number) => {
    const after = merged[i + 1];
    return typeof after === 'string' ? after : undefined;
  };
  if (merged.every((p) => typeof p !== 'string' || DOUBLE_QUOTE_SAFE.test(p))) {
    return `"${merged.map((p, i) => (typeof p === 'string' ? p : braced(p, next(i)))).join('')}"`;
  }
  return merged.map((p) => (typeof p === 'string' ? quote(p) : `"${p.shell}"`)).join('');
}

/**
 * A curl command that repeats the request, e.g.
 * `curl -i -X DELETE 'https://staging.example/v1/store/orders/7' -H "Authorization: Bearer $PETSTORE_API_KEY"`.
 */
export function curlCommand(request: CurlRequest): string {
  const parts = ['curl -i'];
  if (/[[\]{}]/.test(request.url)) parts.push('-g'); // brackets and braces are curl's globbing otherwise
  if (request.method === 'HEAD') parts.push('--head');
  else if (request.method !== 'GET') parts.push(`-X ${request.method}`);
  parts.push(quote(request.url));
  for (const [name, value] of request.headers ?? []) {
    parts.push(`-H ${word([`${name}: `, ...(typeof value === 'string' ? [value] : value)])}`);
  }
  if (request.body && 'text' in request.body) parts.push(`--data-binary ${quote(request.body.text)}`);
  else if (request.body) parts.push(`--data-binary @body  # ${request.body.omitted}`);
  return parts.join(' ');
}
