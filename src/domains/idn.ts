/**
 * Internationalised domain names. The ASCII (punycode) form is what DNS, Host headers and certificates use;
 * the Unicode form is what people type and read. ToASCII is the WHATWG URL parser's (UTS #46, as browsers do);
 * neither browsers nor the ES library offer ToUnicode, so the punycode decoder below (RFC 3492 §6.2) supplies
 * it, and its answer is only trusted when the URL parser encodes it back to the same name.
 */

// The URL global exists in Node and in browsers; this package's framework-free tsconfig has no DOM types.
declare const URL: new (input: string) => { readonly hostname: string };

/** The ASCII form of a host name (`bücher.example` → `xn--bcher-kva.example`), or undefined when IDNA refuses it. */
export function toAscii(name: string): string | undefined {
  try {
    return new URL(`http://${name}/`).hostname;
  } catch {
    return undefined;
  }
}

/** The Unicode form of an ASCII host name (`xn--bcher-kva.example` → `bücher.example`); the name itself otherwise. */
export function toUnicode(name: string): string {
  const decoded = name
    .split('.')
    .map((label) => (label.startsWith('xn--') ? decodeLabel(label.slice(4)) : label));
  if (decoded.some((label) => label === undefined)) return name;
  const unicode = decoded.join('.');
  return toAscii(unicode) === name ? unicode : name;
}

const base = 36;
const tMin = 1;
const tMax = 26;

/** RFC 3492 §6.1. */
function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / 700) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((base - tMin) * tMax) >> 1) {
    d = Math.floor(d / (base - tMin));
    k += base;
  }
  return k + Math.floor(((base - tMin + 1) * d) / (d + 38));
}

function digitOf(code: number): number | undefined {
  if (code >= 48 && code <= 57) return code - 22; // 0-9 are 26-35
  if (code >= 97 && code <= 122) return code - 97; // a-z are 0-25
  return undefined;
}

/** RFC 3492 §6.2: one label's code points, or undefined when it is not valid punycode. */
function decodeLabel(input: string): string | undefined {
  const delimiter = input.lastIndexOf('-');
  const output = [...input.slice(0, Math.max(delimiter, 0))].map((char) => char.codePointAt(0) ?? 0);
  let n = 128;
  let i = 0;
  let bias = 72;
  for (let at = delimiter > 0 ? delimiter + 1 : 0; at < input.length; ) {
    const before = i;
    let weight = 1;
    for (let k = base; ; k += base) {
      const digit = digitOf(input.charCodeAt(at++));
      if (digit === undefined) return undefined;
      i += digit * weight;
      const t = k <= bias ? tMin : k >= bias + tMax ? tMax : k - bias;
      if (digit < t) break;
      if (at >= input.length) return undefined;
      weight *= base - t;
    }
    const length = output.length + 1;
    bias = adapt(i - before, length, before === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return undefined;
    output.splice(i, 0, n);
    i++;
  }
  return String.fromCodePoint(...output);
}
