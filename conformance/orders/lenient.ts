// How careless servers read a path id: every integer a lenient parser could make of a segment.

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
/** Beyond this many digits only the saturated and wrapped values of a number matter. */
const MAX_EXACT_DIGITS = 400;

/**
 * Integers a lenient parser may read from `segment` as it arrives on the wire: after zero to three rounds of
 * percent-decoding (UTF-8 or Latin-1, `+` as space), NFKC (full-width and superscript digits), trimming; as a
 * prefix parse (parseInt, strtol with base 0: hex, octal, `1abc` → 1), a float (`1e0`, `1.5` → 1 or 2), with
 * separators dropped (`1_0`), as all digits glued together, as 0 when nothing numeric leads; each then
 * saturated or wrapped to int64 (and int32 when `int32` is true), and rounded through a double.
 * Undefined when the segment holds digits of another script, which some parsers accept.
 */
export function lenientReadings(segment: string, int32: boolean): Set<bigint> | undefined {
  const values = new Set<bigint>();
  for (const decoded of decodings(segment)) {
    const text = decoded.normalize('NFKC');
    if (/[^0-9]/.test(text.replace(/[^\p{N}]/gu, ''))) return undefined; // e.g. Arabic-Indic digits
    for (const variant of new Set([text, text.replaceAll('_', '').replaceAll(',', '')])) {
      for (const integer of integersIn(variant.trim())) for (const v of mapped(integer, int32)) values.add(v);
    }
  }
  return values;
}

function decodings(segment: string): Set<string> {
  const texts = new Set([segment]);
  let frontier = [segment];
  for (let round = 0; round < 3 && frontier.length > 0; round++) {
    const next = frontier.flatMap((t) => [t.replaceAll('+', ' ')].flatMap((p) => [utf8(p), latin1(p)]));
    frontier = next.filter((t) => !texts.has(t));
    for (const t of frontier) texts.add(t);
  }
  return texts;
}

const PERCENT = /%[0-9a-fA-F]{2}/g;
const latin1 = (text: string): string =>
  text.replace(PERCENT, (m) => String.fromCharCode(Number.parseInt(m.slice(1), 16)));
function utf8(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const m = /^%[0-9a-fA-F]{2}/.exec(text.slice(i, i + 3));
    if (m) {
      bytes.push(Number.parseInt(m[0].slice(1), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i] ?? ''));
  }
  return new TextDecoder().decode(Uint8Array.from(bytes));
}

const FLOAT = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?/;
type Big = bigint | { sign: 1n | -1n; residue: bigint };

/** Integer candidates (exact, or huge with their residue mod 2^64) a parser may read from a trimmed text. */
function integersIn(text: string): Big[] {
  const found: Big[] = [];
  const radix = /^([+-]?)0([xXoObB]?)([0-9a-fA-F]+)/.exec(text);
  if (radix) {
    const base = { x: 16, o: 8, b: 2, '': 8 }[radix[2]?.toLowerCase() ?? ''] ?? 8;
    const digits = (radix[3] ?? '').match(
      base === 16 ? /^[0-9a-f]+/i : base === 8 ? /^[0-7]*/ : /^[01]*/,
    )?.[0];
    // strtol with base 0 reads `08` as 0 and `0189` as octal 1.
    if (digits || radix[2] === '') found.push(signed(radix[1], parseRadix(digits || '0', base)));
  }
  const float = FLOAT.exec(text);
  if (float && `${float[2]}${float[3] ?? ''}` !== '') found.push(...rational(float));
  if (/^[+-]?inf/i.test(text)) found.push(text.startsWith('-') ? INT64_MIN : INT64_MAX);
  const glued = text.replace(/[^0-9]/g, '');
  if (glued) found.push(exact(glued), ...(text.includes('-') ? [-exact(glued)] : []));
  return found;
}

const signed = (sign: string | undefined, value: bigint): bigint => (sign === '-' ? -value : value);
const exact = (digits: string): bigint => BigInt(digits);

function parseRadix(digits: string, base: number): bigint {
  let value = 0n;
  for (const d of digits) value = value * BigInt(base) + BigInt(Number.parseInt(d, base));
  return value;
}

/** Floor and ceiling of `±int.frac × 10^exp`, or its residue mod 2^64 when the exponent is huge. */
function rational(m: RegExpExecArray): Big[] {
  const [, sign, int = '', frac = '', exp = '0'] = m;
  const mantissa = BigInt(`${int}${frac}` || '0');
  const scale = BigInt(exp) - BigInt(frac.length);
  const s = sign === '-' ? -1n : 1n;
  if (mantissa === 0n) return [0n];
  if (scale > BigInt(MAX_EXACT_DIGITS))
    return [{ sign: s as 1n | -1n, residue: (mantissa * modPow(10n, scale)) % 2n ** 64n }];
  if (scale >= 0n) return [s * mantissa * 10n ** scale];
  if (-scale > BigInt(MAX_EXACT_DIGITS)) return s > 0n ? [0n, 1n] : [-1n, 0n];
  const divisor = 10n ** -scale;
  const floor = mantissa / divisor;
  const ceil = mantissa % divisor === 0n ? floor : floor + 1n;
  return s > 0n ? [floor, ceil] : [-ceil, -floor];
}

function modPow(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base % 2n ** 64n;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % 2n ** 64n;
    b = (b * b) % 2n ** 64n;
  }
  return result;
}

/** The value as an int64 parser stores it: exact, saturated, wrapped (int64, int32), or rounded to a double. */
function mapped(value: Big, int32: boolean): bigint[] {
  if (typeof value !== 'bigint') {
    const residue = value.sign > 0n ? value.residue : (2n ** 64n - value.residue) % 2n ** 64n;
    return [
      value.sign > 0n ? INT64_MAX : INT64_MIN,
      residue,
      BigInt.asIntN(64, residue),
      ...narrow(residue, int32),
    ];
  }
  const out = [value, ...narrow(value, int32)];
  if (value > INT64_MAX || value < INT64_MIN)
    out.push(value > 0n ? INT64_MAX : INT64_MIN, BigInt.asUintN(64, value), BigInt.asIntN(64, value));
  const double = Number(value);
  if (!Number.isFinite(double)) out.push(value > 0n ? INT64_MAX : INT64_MIN);
  else {
    const rounded = BigInt(double);
    out.push(rounded);
    if (rounded > INT64_MAX || rounded < INT64_MIN)
      out.push(value > 0n ? INT64_MAX : INT64_MIN, BigInt.asIntN(64, rounded));
  }
  return out;
}

const narrow = (value: bigint, int32: boolean): bigint[] =>
  int32 ? [BigInt.asIntN(32, value), BigInt.asUintN(32, value)] : [];
