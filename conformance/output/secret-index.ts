// Finds every known secret in a text in one pass whose cost does not grow with the number of secrets: each
// secret is indexed by its last characters (a gram), and the text is scanned once, position by position, with
// a rolling hash of the gram ending there; only secrets whose gram matches are compared. Redacting with one
// secret or with ten thousand costs the same scan.

/** What reports show in place of a secret. */
export const REDACTED = '[REDACTED]';

/** Secrets are indexed by their last GRAM characters; shorter ones by all of theirs. */
const GRAM = 8;
const BASE = 0x01000193;
/** Texts this long are remembered with their redaction (a body shown by several checks' reports). */
const MEMO_FROM = 64 * 1024;
const MEMO_SIZE = 4;
/** Bits of the gram filter: with thousands of forms held, most positions still miss it. */
const FILTER_BITS = 1 << 20;
const FILTER_MASK = FILTER_BITS - 1;
/** A placeholder a report already shows (`[REDACTED]`, `[REDACTED without its last character]`): kept as it is. */
const PLACEHOLDER = /\[REDACTED[^\]]*\]/g;
const WORD = /[A-Za-z0-9]/;

export interface SecretIndexOptions {
  /**
   * Where a form shorter than the gram counts: `anywhere` (the suite's few known secrets) or only where it
   * `standalone`s, not inside a longer word (the proxy, where "e" would otherwise eat every letter e).
   */
  readonly short: 'anywhere' | 'standalone';
  /** The most forms kept; beyond it the oldest secrets are forgotten first (memory stays bounded). */
  readonly maxForms: number;
}

export class SecretIndex {
  readonly #options: SecretIndexOptions;
  /** Forms by the hash of their gram (and its length). */
  readonly #byGram = new Map<number, string[]>();
  /** How many forms use each gram length, so that the scan tries only lengths in use. */
  readonly #lengths = new Uint32Array(GRAM + 1);
  /** Each secret's forms, oldest secret first (a Map keeps insertion order). */
  readonly #secrets = new Map<string, readonly string[]>();
  /** How often each form is held (two secrets can share a form, such as an upper-cased one). */
  readonly #held = new Map<string, number>();
  /**
   * A bit per gram key (modulo its size): set when some form may have that key. A bit left by a forgotten
   * form costs a map lookup that finds nothing, never a wrong answer, so the table is rebuilt only once the
   * grams forgotten since the last rebuild are as many as those held (a rebuild per forgotten secret made a
   * proxy seeing thousands of distinct credentials spend most of its time rebuilding).
   */
  #filter = new Uint8Array(FILTER_BITS / 8);
  #gramsForgotten = 0;
  #work = 0;
  /** Large texts redacted since the secrets last changed, and what they became. */
  readonly #memo = new Map<string, string>();

  constructor(options: SecretIndexOptions) {
    this.#options = options;
  }

  /** How many distinct forms are held. */
  get size(): number {
    return this.#held.size;
  }

  /** Gram lookups and comparisons made so far: what a scan costs, for tests that bound it. */
  get work(): number {
    return this.#work;
  }

  has(secret: string): boolean {
    return this.#secrets.has(secret);
  }

  /** Holds `secret` under the given forms (its encodings); a secret added again keeps its first forms. */
  add(secret: string, forms: readonly string[]): void {
    if (this.#secrets.has(secret)) return;
    this.#memo.clear();
    const unique = [...new Set(forms.filter((form) => form !== ''))];
    this.#secrets.set(secret, unique);
    for (const form of unique) {
      const count = this.#held.get(form) ?? 0;
      this.#held.set(form, count + 1);
      if (count > 0) continue;
      const key = gramKey(form);
      const bucket = this.#byGram.get(key);
      if (bucket) bucket.push(form);
      else this.#byGram.set(key, [form]);
      this.#filter[(key & FILTER_MASK) >>> 3] =
        (this.#filter[(key & FILTER_MASK) >>> 3] as number) | (1 << (key & 7));
      this.#count(form, 1);
    }
    for (const oldest of this.#secrets.keys()) {
      if (this.#held.size <= this.#options.maxForms || oldest === secret) break;
      this.#forget(oldest);
    }
    if (this.#gramsForgotten > this.#byGram.size) this.#refilter();
  }

  /** The filter again from the grams held (after secrets were forgotten, their bits may be stale). */
  #refilter(): void {
    this.#gramsForgotten = 0;
    this.#filter = new Uint8Array(FILTER_BITS / 8);
    for (const key of this.#byGram.keys()) {
      this.#filter[(key & FILTER_MASK) >>> 3] =
        (this.#filter[(key & FILTER_MASK) >>> 3] as number) | (1 << (key & 7));
    }
  }

  /** The text with every held form replaced by REDACTED; overlapping finds become one. */
  redact(text: string): string {
    if (this.#held.size === 0 || text === '') return text;
    if (text.length < MEMO_FROM) return this.#redact(text);
    // A large body is redacted once per set of secrets, however many reports show it.
    const known = this.#memo.get(text);
    if (known !== undefined) return known;
    const redacted = this.#redact(text);
    if (this.#memo.size >= MEMO_SIZE) this.#memo.delete(this.#memo.keys().next().value as string);
    this.#memo.set(text, redacted);
    return redacted;
  }

  #redact(text: string): string {
    const found = this.#find(text);
    if (found.length === 0) return text;
    found.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    let result = '';
    let at = 0;
    for (const [start, end] of found) {
      if (end <= at) continue;
      result += text.slice(at, Math.max(at, start)) + (start >= at ? REDACTED : '');
      at = end;
    }
    return result + text.slice(at);
  }

  /** [start, end) of every form found, outside the placeholders already in the text. */
  #find(text: string): Array<[number, number]> {
    const found: Array<[number, number]> = [];
    const filter = this.#filter;
    const n = text.length;
    for (let g = 1; g <= GRAM; g++) {
      if (this.#lengths[g] === 0 || g > n) continue;
      this.#work += n - g + 1;
      // A rolling hash of the g characters ending at each position, in 32-bit integer arithmetic.
      const power = POWERS[g] as number;
      let hash = 0;
      for (let i = 0; i < n; i++) {
        hash = (Math.imul(hash, BASE) + text.charCodeAt(i)) | 0;
        if (i >= g) hash = (hash - Math.imul(text.charCodeAt(i - g), power)) | 0;
        else if (i < g - 1) continue;
        const key = mix(hash, g);
        // Most positions end no gram of any secret: a bit in a table says so without a map lookup.
        if (((filter[(key & FILTER_MASK) >>> 3] as number) & (1 << (key & 7))) === 0) continue;
        const bucket = this.#byGram.get(key);
        if (bucket) this.#verify(text, i + 1, bucket, found);
      }
    }
    if (found.length === 0) return found;
    const kept = [...text.matchAll(PLACEHOLDER)].map((m) => [m.index, m.index + m[0].length] as const);
    return kept.length === 0
      ? found
      : found.filter(([start, end]) => !kept.some(([from, to]) => start < to && end > from));
  }

  #verify(text: string, end: number, bucket: readonly string[], found: Array<[number, number]>): void {
    for (const form of bucket) {
      this.#work++;
      const start = end - form.length;
      if (start < 0 || !text.startsWith(form, start)) continue;
      if (form.length < GRAM && this.#options.short === 'standalone' && !standsAlone(text, start, end))
        continue;
      found.push([start, end]);
    }
  }

  #count(form: string, by: number): void {
    const g = Math.min(form.length, GRAM);
    this.#lengths[g] = (this.#lengths[g] ?? 0) + by;
  }

  #forget(secret: string): void {
    for (const form of this.#secrets.get(secret) ?? []) {
      const count = (this.#held.get(form) ?? 1) - 1;
      if (count > 0) {
        this.#held.set(form, count);
        continue;
      }
      this.#held.delete(form);
      const key = gramKey(form);
      const bucket = this.#byGram.get(key) ?? [];
      bucket.splice(bucket.indexOf(form), 1);
      if (bucket.length === 0) {
        this.#byGram.delete(key);
        this.#gramsForgotten++;
      }
      this.#count(form, -1);
    }
    this.#secrets.delete(secret);
  }
}

const POWERS = Array.from({ length: GRAM + 1 }, (_, g) => {
  let power = 1;
  for (let i = 0; i < g; i++) power = Math.imul(power, BASE) >>> 0;
  return power;
});

/** The hash of the gram with its length mixed in, so a 3-character form and an 8-character gram differ. */
const mix = (hash: number, length: number): number => (Math.imul(hash ^ length, 0x9e3779b1) >>> 0) + length;

function gramKey(form: string): number {
  const g = Math.min(form.length, GRAM);
  let hash = 0;
  for (let i = form.length - g; i < form.length; i++)
    hash = (Math.imul(hash, BASE) + form.charCodeAt(i)) >>> 0;
  return mix(hash, g);
}

const standsAlone = (text: string, start: number, end: number): boolean =>
  !WORD.test(text[start - 1] ?? '') && !WORD.test(text[end] ?? '');
