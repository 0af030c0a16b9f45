/** What a secret is replaced with wherever the mock shows a request (the journal, the request log); HARs use their own. */
export const REDACTED = '[redacted]';

/** A secret known by its form: text holding `prefix` is searched with `pattern` (global, no backtracking). */
export interface SecretShape {
  readonly prefix: string;
  readonly pattern: RegExp;
}

/**
 * The one place that knows the mock's secrets (its API keys, and whatever else is added: tokens it issues)
 * and takes them out of text before the mock shows it: the request journal, the request log, the report of
 * an unexpected error. A secret is found however a client spelled it: as is, in any percent-encoding of any
 * of its characters (`%73k_live…`, `%2d` for `-`), and as a header name (which Node lower-cases).
 */
export class SecretRedactor {
  /** Longest first, so that no secret leaves a fragment of a longer one that contains it. */
  #secrets: string[] = [];
  #lowerCase: string[] = [];
  readonly #shapes: readonly SecretShape[];

  /** `shapes`: secrets known by their form rather than listed (tokens another replica may have issued). */
  constructor(secrets: Iterable<string> = [], shapes: readonly SecretShape[] = []) {
    this.#shapes = shapes;
    for (const secret of secrets) this.add(secret);
  }

  /** One more secret to redact from now on (an empty one is ignored). */
  add(secret: string): void {
    if (secret === '' || this.#secrets.includes(secret)) return;
    this.#secrets = [...this.#secrets, secret].sort((a, b) => b.length - a.length);
    this.#lowerCase = this.#secrets.map((known) => known.toLowerCase());
  }

  /** `text` with every secret in it, in whatever percent-encoding, replaced by `replacement`. */
  redact(text: string, replacement = REDACTED): string {
    if (this.#secrets.length === 0 && this.#shapes.length === 0) return text;
    if (!text.includes('%')) return this.#replace(text, replacement);
    const { decoded, spans } = decodeEscapes(text);
    const hidden = this.#find(decoded);
    if (hidden.length === 0) return text;
    // Back to the text as sent: each secret found in the decoded text covers the escapes it came from.
    let result = '';
    let from = 0;
    for (const [start, end] of hidden) {
      const first = spans[start] as [number, number];
      const last = spans[end - 1] as [number, number];
      result += text.slice(from, first[0]) + replacement;
      from = last[1];
    }
    return result + text.slice(from);
  }

  /** A header's name, REDACTED when it holds a secret in any letter case (a key sent as a name). */
  redactName(name: string): string {
    const lower = name.toLowerCase();
    return this.#lowerCase.some((secret) => lower.includes(secret)) ? REDACTED : name;
  }

  /** The request with its path and query redacted (the same object when there was nothing to hide). */
  redactRequest<R extends { readonly path: string; readonly query: string }>(request: R): R {
    const path = this.redact(request.path);
    const query = this.redact(request.query);
    return path === request.path && query === request.query ? request : { ...request, path, query };
  }

  #replace(text: string, replacement: string): string {
    let result = text;
    for (const secret of this.#secrets) {
      if (result.includes(secret)) result = result.replaceAll(secret, replacement);
    }
    for (const { prefix, pattern } of this.#shapes) {
      if (result.includes(prefix)) result = result.replace(pattern, replacement);
    }
    return result;
  }

  /** Where secrets stand in `text`: [start, end) ranges, in order and not overlapping; linear in the text. */
  #find(text: string): [number, number][] {
    const found: [number, number][] = [];
    const covered = new Uint8Array(text.length);
    for (const secret of this.#secrets) {
      for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + secret.length)) {
        const end = at + secret.length;
        if (covered.subarray(at, end).includes(1)) continue;
        covered.fill(1, at, end);
        found.push([at, end]);
      }
    }
    for (const { prefix, pattern } of this.#shapes) {
      if (!text.includes(prefix)) continue;
      for (const match of text.matchAll(pattern)) {
        const end = match.index + match[0].length;
        if (covered.subarray(match.index, end).includes(1)) continue;
        covered.fill(1, match.index, end);
        found.push([match.index, end]);
      }
    }
    return found.sort((a, b) => a[0] - b[0]);
  }
}

/**
 * Decodes the `%XX` escapes of ASCII characters (secrets are ASCII tokens), keeping for each decoded
 * character the span of the text it came from; other escapes and stray `%` stay as they are.
 */
function decodeEscapes(text: string): { decoded: string; spans: [number, number][] } {
  let decoded = '';
  const spans: [number, number][] = [];
  for (let i = 0; i < text.length; ) {
    const code = text[i] === '%' ? Number.parseInt(text.slice(i + 1, i + 3), 16) : Number.NaN;
    if (code < 0x80 && /^[0-9a-f]{2}$/i.test(text.slice(i + 1, i + 3))) {
      decoded += String.fromCharCode(code);
      spans.push([i, i + 3]);
      i += 3;
    } else {
      decoded += text[i];
      spans.push([i, i + 1]);
      i++;
    }
  }
  return { decoded, spans };
}
