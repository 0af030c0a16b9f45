import type {
  Content,
  Cookie,
  Entry,
  Header,
  Log,
  QueryString,
  Request,
  Response,
  Timings,
} from 'har-format';

// The fields HAR 1.2 requires (http://www.softwareishard.com/blog/har-12-spec/), named through
// @types/har-format so that a misspelt one fails to compile: what a test checks a written HAR against.

type Kind = 'string' | 'number' | 'object' | 'array';
type Shape<T> = Partial<Record<keyof T, Kind>>;

const LOG: Shape<Log> = { version: 'string', creator: 'object', entries: 'array' };
const ENTRY: Shape<Entry> = {
  startedDateTime: 'string',
  time: 'number',
  request: 'object',
  response: 'object',
  cache: 'object',
  timings: 'object',
};
const REQUEST: Shape<Request> = {
  method: 'string',
  url: 'string',
  httpVersion: 'string',
  cookies: 'array',
  headers: 'array',
  queryString: 'array',
  headersSize: 'number',
  bodySize: 'number',
};
const RESPONSE: Shape<Response> = {
  status: 'number',
  statusText: 'string',
  httpVersion: 'string',
  cookies: 'array',
  headers: 'array',
  content: 'object',
  redirectURL: 'string',
  headersSize: 'number',
  bodySize: 'number',
};
const CONTENT: Shape<Content> = { size: 'number', mimeType: 'string' };
const TIMINGS: Shape<Timings> = { send: 'number', wait: 'number', receive: 'number' };
const PAIR: Shape<Header & QueryString & Cookie> = { name: 'string', value: 'string' };

/** What keeps `document` from being a HAR 1.2 log (each problem names its place); empty when it is one. */
export function har12Problems(document: unknown): string[] {
  const problems: string[] = [];
  const check = (value: unknown, shape: Partial<Record<string, Kind>>, at: string) => {
    for (const [name, kind] of Object.entries(shape)) {
      const field = (value as Record<string, unknown> | undefined)?.[name];
      if (kindOf(field) !== kind) problems.push(`${at}.${name} is not a ${kind}`);
    }
  };
  const log = (document as { log?: Log } | undefined)?.log;
  check(log, LOG, 'log');
  if (log?.version !== '1.2') problems.push('log.version is not "1.2"');
  check(log?.creator, { name: 'string', version: 'string' }, 'log.creator');
  (log?.entries ?? []).forEach((entry, index) => {
    const at = `log.entries[${index}]`;
    check(entry, ENTRY, at);
    if (Number.isNaN(Date.parse(entry.startedDateTime))) problems.push(`${at}.startedDateTime is not a date`);
    check(entry.request, REQUEST, `${at}.request`);
    check(entry.response, RESPONSE, `${at}.response`);
    check(entry.response?.content, CONTENT, `${at}.response.content`);
    check(entry.timings, TIMINGS, `${at}.timings`);
    const request = entry.request as unknown as Record<string, unknown[] | undefined> | undefined;
    const response = entry.response as unknown as Record<string, unknown[] | undefined> | undefined;
    const lists = [
      ...(['headers', 'cookies', 'queryString'] as const).map(
        (list) => [`request.${list}`, request?.[list]] as const,
      ),
      ...(['headers', 'cookies'] as const).map((list) => [`response.${list}`, response?.[list]] as const),
    ];
    for (const [name, pairs] of lists) {
      for (const [n, pair] of (pairs ?? []).entries()) check(pair, PAIR, `${at}.${name}[${n}]`);
    }
  });
  return problems;
}

function kindOf(value: unknown): Kind | 'other' {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string' || typeof value === 'number') return typeof value as Kind;
  return value !== null && typeof value === 'object' ? 'object' : 'other';
}
