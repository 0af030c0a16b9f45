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

/** Parses an RFC 9745 `Deprecation` value: a Structured Field Date `@<seconds>`; epoch ms or undefined. */
export function parseDeprecationDate(value: string): number | undefined {
  const m = /^@(-?[0-9]{1,15})$/.exec(value.trim());
  return m ? Number(m[1]) * 1000 : undefined;
}

/** The lower-case media type of a `Content-Type` value without parameters. */
export const mediaType = (value: string | undefined): string =>
  (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/** True for `application/json` and `application/<suffix>+json`. */
export const isJsonMediaType = (value: string | undefined): boolean => {
  const type = mediaType(value);
  return type === 'application/json' || /^application\/[^/]+\+json$/.test(type);
};
