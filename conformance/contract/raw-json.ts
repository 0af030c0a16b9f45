// Order ids are int64: beyond 2^53 a JS number rounds them, so ids are read from the raw JSON text and handled
// as decimal strings (compared through BigInt), never through JSON.parse numbers.

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const INTEGER = /^-?(0|[1-9][0-9]*)$/;

/** True when `text` is a decimal integer within int64 (leading zeros allowed, as users may type them). */
export function isInt64(text: string): boolean {
  if (!/^-?[0-9]+$/.test(text)) return false;
  const value = BigInt(text);
  return value >= INT64_MIN && value <= INT64_MAX;
}

/** Canonical decimal form of an integer id, so `007` and `7` compare equal. */
export const canonicalId = (text: string): string => BigInt(text).toString();

/** One object of the list: its id exactly as written (canonical when an integer) and its raw JSON text. */
export interface ListedOrder {
  id: string;
  raw: string;
  /** Its top-level fields whose values are JSON numbers, each number exactly as written. */
  numbers: Record<string, string>;
}

/**
 * Reads every object with an `id` in a top-level JSON array, the id exactly as written.
 * Returns undefined when the text is not a JSON array; ids that are not integers are kept as written.
 */
export function listedOrdersFromJson(text: string): ListedOrder[] | undefined {
  const scanner = new Scanner(text);
  try {
    scanner.ws();
    if (scanner.peek() !== '[') return undefined;
    const orders: ListedOrder[] = [];
    scanner.array((item) => {
      if (item.kind === 'object' && item.id !== undefined) {
        const id = INTEGER.test(item.id) ? canonicalId(item.id) : item.id;
        orders.push({ id, raw: item.raw, numbers: item.numbers });
      }
    });
    scanner.ws();
    return scanner.done() ? orders : undefined;
  } catch {
    return undefined;
  }
}

/** The ids of the list (see listedOrdersFromJson). */
export const orderIdsFromJson = (text: string): string[] | undefined =>
  listedOrdersFromJson(text)?.map((order) => order.id);

/** True when the list text names the id (compared as integers). */
export function listContainsId(ids: readonly string[], id: string): boolean {
  return ids.includes(canonicalId(id));
}

const NUMBER = /^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** The smallest integer at or above a listed id, as a lenient server would read it; undefined if not a number. */
function ceiling(id: string): bigint | undefined {
  if (/^-?[0-9]+$/.test(id)) return BigInt(id);
  if (!NUMBER.test(id)) return undefined;
  const value = Math.ceil(Number(id));
  return Number.isFinite(value) ? BigInt(value) : INT64_MAX + 1n;
}

/** Gap left above the largest listed id, so the probe is unlikely ever to have existed. */
const ABSENT_GAP = 1_000_003n;

/**
 * An id absent from `ids`: above the largest listed id (never at or below it, so an unlisted order of a
 * paginated or filtered list cannot be hit), up to ABSENT_GAP above it, within int64. Undefined when int64
 * has no room above the largest id. Always in canonical form (no `01`, `+1`, `1.0`).
 */
export function pickAbsentId(ids: readonly string[]): string | undefined {
  let max = 0n;
  for (const id of ids) {
    const value = ceiling(id);
    if (value !== undefined && value > max) max = value;
  }
  if (max >= INT64_MAX) return undefined;
  const room = INT64_MAX - max;
  return (max + (room < ABSENT_GAP ? room : ABSENT_GAP)).toString();
}

type Item =
  | { kind: 'object'; id: string | undefined; raw: string; numbers: Record<string, string> }
  | { kind: 'other'; raw: string; number?: true };

/** A number, true, false or null, read where the scanner stands (sticky: no copy of the rest of the text). */
const SCALAR = /-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?|true|false|null/y;

class Scanner {
  private at = 0;
  constructor(private readonly text: string) {}

  peek = (): string | undefined => this.text[this.at];
  done = (): boolean => this.at === this.text.length;

  ws(): void {
    for (;;) {
      const code = this.text.charCodeAt(this.at);
      if (code !== 0x20 && code !== 0x09 && code !== 0x0d && code !== 0x0a) return;
      this.at++;
    }
  }

  expect(char: string): void {
    if (this.text[this.at] !== char) throw new Error(`expected ${char} at ${this.at}`);
    this.at++;
  }

  array(onItem: (item: Item) => void): void {
    this.expect('[');
    this.ws();
    if (this.peek() === ']') {
      this.at++;
      return;
    }
    for (;;) {
      this.ws();
      onItem(this.value());
      this.ws();
      if (this.peek() === ']') {
        this.at++;
        return;
      }
      this.expect(',');
    }
  }

  object(): { id: string | undefined; numbers: Record<string, string> } {
    let id: string | undefined;
    const numbers: Record<string, string> = {};
    this.expect('{');
    this.ws();
    if (this.peek() === '}') {
      this.at++;
      return { id, numbers };
    }
    for (;;) {
      this.ws();
      const key = this.string();
      this.ws();
      this.expect(':');
      this.ws();
      const value = this.value();
      if (key === 'id') id = value.kind === 'other' ? value.raw : undefined;
      if (value.kind === 'other' && value.number) numbers[key] = value.raw;
      this.ws();
      if (this.peek() === '}') {
        this.at++;
        return { id, numbers };
      }
      this.expect(',');
    }
  }

  string(): string {
    const start = this.at;
    this.expect('"');
    // A string without escapes or control characters is its own text; any other is read by JSON.parse.
    let plain = true;
    for (;;) {
      const code = this.text.charCodeAt(this.at);
      if (code === 0x22) break;
      if (Number.isNaN(code)) throw new Error('unterminated string');
      if (code === 0x5c) {
        plain = false;
        this.at += 2;
      } else {
        if (code < 0x20) plain = false;
        this.at++;
      }
    }
    this.at++;
    return plain
      ? this.text.slice(start + 1, this.at - 1)
      : (JSON.parse(this.text.slice(start, this.at)) as string);
  }

  value(): Item {
    const char = this.peek();
    if (char === '{') {
      const start = this.at;
      const { id, numbers } = this.object();
      return { kind: 'object', id, raw: this.text.slice(start, this.at), numbers };
    }
    if (char === '[') {
      const start = this.at;
      this.array(() => {});
      return { kind: 'other', raw: this.text.slice(start, this.at) };
    }
    if (char === '"') return { kind: 'other', raw: this.string() };
    SCALAR.lastIndex = this.at;
    const match = SCALAR.exec(this.text);
    if (!match) throw new Error(`unexpected ${char} at ${this.at}`);
    const raw = match[0];
    this.at += raw.length;
    const first = raw.charCodeAt(0);
    return first === 0x2d || (first >= 0x30 && first <= 0x39)
      ? { kind: 'other', raw, number: true }
      : { kind: 'other', raw };
  }
}
