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
  /** Short credentials seen in traffic (a cookie `n=1`): replaced only where they stand alone. */
  #loose = new Set<string>();
  readonly #shapes: readonly SecretShape[];

  /** `shapes`: secrets known by their form rather than listed (tokens another replica may have issued). */
  constructor(secrets: Iterable<string> = [], shapes: readonly SecretShape[] = []) {
    this.#shapes = shapes;
    for (const secret of secrets) this.add(secret);
  }

  /** How many secrets it replaces: it grows with each `add`, so a reader can tell its renderings are stale. */
  get size(): number {
    return this.#secrets.length;
  }

  /** One more secret to redact from now on (an empty one is ignored). */
  add(secret: string): void {
    if (secret === '' || this.#secrets.includes(secret)) return;
    this.#secrets = [...this.#secrets, secret].sort((a, b) => b.length - a.length);
    this.#lowerCase = this.#secrets.map((known) => known.toLowerCase());
  }

  /**
   * A copy that also redacts credentials found in an exchange (its Authorization, cookies, key fields), for
   * writing that exchange out. Those under 6 characters are replaced only where they stand alone: a cookie
   * `n=1` must not blank every digit 1 of a recorded body. The mock's own secrets stay replaced everywhere.
   */
  including(found: Iterable<string>): SecretRedactor {
    const copy = new SecretRedactor(this.#secrets, this.#shapes);
    copy.#loose = new Set(this.#loose);
    for (const secret of found) {
      if (secret === '' || copy.#secrets.includes(secret)) continue;
      copy.add(secret);
      if (secret.length < SHORT) copy.#loose.add(secret);
    }
    return copy;
  }

  /** `text` with every secret in it, in whatever percent-encoding, replaced by `replacement`. */
  redact(text: string, replacement = REDACTED): string {
    if (this.#secrets.length === 0 && this.#shapes.length === 0) return text;
    if (!text.includes('%')) {
      return this.#loose.size === 0
        ? this.#replace(text, replacement)
        : splice(text, this.#find(text), undefined, replacement);
    }
    const { decoded, spans } = decodeEscapes(text);
    return splice(text, this.#find(decoded), spans, replacement);
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
      const loose = this.#loose.has(secret);
      // A loose secret is short, so stepping by one character past a match that does not stand alone is cheap.
      const step = loose ? 1 : secret.length;
      for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + step)) {
        const end = at + secret.length;
        if (loose && !standsAlone(text, at, end)) continue;
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

/** Below this length a credential found in traffic is replaced only where it stands alone. */
const SHORT = 6;

const isAlphanumeric = (char: string | undefined) => char !== undefined && /[A-Za-z0-9]/.test(char);

/** Whether text[start, end) has no letter or digit right before or after it. */
const standsAlone = (text: string, start: number, end: number) =>
  !isAlphanumeric(text[start - 1]) && !isAlphanumeric(text[end]);

/**
 * `text` with each hidden range replaced; the ranges are in `text`, or, with `spans`, in its decoded form,
 * each decoded character covering the escape it came from (so what is not a secret stays as it was sent).
 */
function splice(
  text: string,
  hidden: readonly [number, number][],
  spans: readonly [number, number][] | undefined,
  replacement: string,
): string {
  if (hidden.length === 0) return text;
  let result = '';
  let from = 0;
  for (const [start, end] of hidden) {
    const first = spans ? (spans[start] as [number, number])[0] : start;
    const last = spans ? (spans[end - 1] as [number, number])[1] : end;
    result += text.slice(from, first) + replacement;
    from = last;
  }
  return result + text.slice(from);
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
