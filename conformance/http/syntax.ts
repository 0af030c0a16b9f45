import { parseItem } from 'structured-headers';

// Small parsers for the header grammars the checks read (RFC 9110, RFC 8288, RFC 9651 dates).

/** One auth challenge of `WWW-Authenticate` (RFC 9110 §11.6.1). */
export interface Challenge {
  scheme: string;
  params: Array<[name: string, value: string]>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+/;

/** Splits a header value on commas that are outside quoted strings and angle brackets. */
function splitOutside(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  let angle = false;
  for (let i = 0; i < value.length; i++) {
    const char = value[i] ?? '';
    if (quoted && char === '\\') {
      current += char + (value[i + 1] ?? '');
      i++;
      continue;
    }
    if (char === '"' && !angle) quoted = !quoted;
    else if (char === '<' && !quoted) angle = true;
    else if (char === '>' && !quoted) angle = false;
    if (char === ',' && !quoted && !angle) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter((p) => p !== '');
}

const unquote = (value: string): string =>
  value.startsWith('"') && value.endsWith('"') && value.length >= 2
    ? value.slice(1, -1).replace(/\\(.)/g, '$1')
    : value;

/** Parses `WWW-Authenticate` into challenges; a part that starts with `token SP` opens a new challenge. */
export function parseChallenges(header: string): Challenge[] {
  const challenges: Challenge[] = [];
  for (const part of splitOutside(header)) {
    const scheme = TOKEN.exec(part)?.[0];
    const rest = scheme ? part.slice(scheme.length) : part;
    let paramText = part;
    if (scheme && (rest === '' || /^\s+/.test(rest)) && !/^\s*=/.test(rest)) {
      challenges.push({ scheme, params: [] });
      paramText = rest.trim();
      if (paramText === '') continue;
    }
    const current = challenges.at(-1);
    const param = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(.*)$/s.exec(paramText);
    if (current && param?.[1] && param[2] !== undefined)
      current.params.push([param[1].toLowerCase(), unquote(param[2])]);
  }
  return challenges;
}

/** One link-value of a `Link` header (RFC 8288 §3). */
export interface Link {
  target: string;
  rel: string[];
  params: Record<string, string>;
}

export function parseLinks(header: string): Link[] {
  return splitOutside(header).flatMap((value) => {
    const match = /^<([^>]*)>(.*)$/s.exec(value);
    if (!match) return [];
    const params: Record<string, string> = {};
    for (const piece of (match[2] ?? '').split(';')) {
      const [name, ...rest] = piece.split('=');
      if (name?.trim()) params[name.trim().toLowerCase()] = unquote(rest.join('=').trim());
    }
    const rel = (params.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    return [{ target: match[1] ?? '', rel, params }];
  });
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const IMF_FIXDATE =
  /^([A-Z][a-z]{2}), ([0-9]{2}) ([A-Z][a-z]{2}) ([0-9]{4}) ([0-9]{2}):([0-9]{2}):([0-9]{2}) GMT$/;

/** Parses an IMF-fixdate (RFC 9110 §5.6.7) to epoch milliseconds; undefined if it is not one. */
export function parseImfFixdate(value: string): number | undefined {
  const m = IMF_FIXDATE.exec(value.trim());
  if (!m) return undefined;
  const [, day, date, month, year, hour, minute, second] = m;
  const monthIndex = MONTHS.indexOf(month ?? '');
  if (monthIndex < 0) return undefined;
  const ms = Date.UTC(Number(year), monthIndex, Number(date), Number(hour), Number(minute), Number(second));
  const parsed = new Date(ms);
  // A fixdate that does not round-trip (31 Feb, 25:00, a wrong day name) is not a date.
  if (parsed.getUTCDate() !== Number(date) || parsed.getUTCHours() !== Number(hour)) return undefined;
  if (Number(minute) > 59 || Number(second) > 60 || DAYS[parsed.getUTCDay()] !== day) return undefined;
  return ms;
}

/**
 * Parses an RFC 9745 `Deprecation` value, an RFC 9651 Date Item (parameters allowed); epoch ms or undefined.
 * structured-headers 2.1 reads a Date's digits up to the end of the input, so a Date with parameters fails
 * there; a Date is `@` then an sf-integer (RFC 9651 §3.3.7), so the Item after the `@` is parsed instead and
 * must be an Integer (a Decimal such as `1.0` is refused by the text check, as the library returns numbers).
 */
export function parseDeprecationDate(value: string): number | undefined {
  const text = value.replace(/^ +| +$/g, '');
  if (!text.startsWith('@')) return undefined;
  try {
    const [seconds] = parseItem(text.slice(1));
    const integerText = /^-?[0-9]+(?=;|$)/.test(text.slice(1));
    return typeof seconds === 'number' && integerText ? seconds * 1000 : undefined;
  } catch {
    return undefined;
  }
}

/** The lower-case media type of a `Content-Type` value without parameters. */
export const mediaType = (value: string | undefined): string =>
  (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** True for `application/json` and `application/<suffix>+json`. */
export const isJsonMediaType = (value: string | undefined): boolean => {
  const type = mediaType(value);
  return type === 'application/json' || /^application\/[^/]+\+json$/.test(type);
};
