import type { ExchangeRecord, ExchangeSource } from './record.ts';

/** A file that is not a HAR, or not a whole one; the message names the first problem. */
export class HarFormatError extends Error {
  override name = 'HarFormatError';
}

// Every runtime this module runs on has these; the framework-free layers name no runtime's types.
const { atob, TextDecoder } = globalThis as unknown as {
  atob(text: string): string;
  TextDecoder: new (label?: string, options?: { fatal?: boolean }) => { decode(bytes: Uint8Array): string };
};

/**
 * The exchanges of a HAR document (as a browser, a proxy or this kit writes it), in file order. Header names
 * become lower-case (HTTP/2 pseudo-headers such as `:status` are dropped), a base64 body is decoded. Throws
 * HarFormatError naming the first entry or field that is missing or of the wrong type.
 */
export function recordsFromHar(document: unknown): ExchangeRecord[] {
  const log = field(document, 'log', 'the file', isObject, 'an object');
  const entries = field(log, 'entries', 'log', Array.isArray, 'an array');
  return entries.map((entry: unknown, index) => recordOf(entry, `log.entries[${index}]`));
}

function recordOf(entry: unknown, at: string): ExchangeRecord {
  if (!isObject(entry)) throw new HarFormatError(`${at} is not an object`);
  const request = field(entry, 'request', at, isObject, 'an object');
  const response = field(entry, 'response', at, isObject, 'an object');
  const started = Date.parse(field(entry, 'startedDateTime', at, isString, 'a date-time string'));
  if (Number.isNaN(started)) throw new HarFormatError(`${at}.startedDateTime is not a date-time`);
  const status = field(response, 'status', `${at}.response`, isNumber, 'a number');
  const content = isObject(response.content) ? response.content : {};
  const body = bodyOf(content, `${at}.response.content`);
  const source: ExchangeSource = entry._source === 'mock' ? 'mock' : 'upstream';
  return {
    startedAt: started,
    durationMs: typeof entry.time === 'number' && entry.time >= 0 ? entry.time : 0,
    source,
    ...(isString(entry._session) ? { session: entry._session } : {}),
    ...(isString(entry._traceId) ? { traceId: entry._traceId } : {}),
    request: {
      method: field(request, 'method', `${at}.request`, isString, 'a string').toUpperCase(),
      url: field(request, 'url', `${at}.request`, isString, 'a string'),
      headers: headersOf(request.headers, `${at}.request.headers`),
      ...(isObject(request.postData) && isString(request.postData.text)
        ? { body: request.postData.text }
        : {}),
    },
    ...(status === 0 && body === undefined
      ? { error: isString(entry._error) ? entry._error : 'no answer was recorded (status 0)' }
      : {
          response: {
            status,
            ...(isString(response.statusText) ? { statusText: response.statusText } : {}),
            headers: headersOf(response.headers, `${at}.response.headers`),
            ...(body === undefined ? {} : { body }),
            ...(isNumber(content.size) && content.size >= 0 ? { bodyBytes: content.size } : {}),
          },
        }),
  };
}

function headersOf(list: unknown, at: string): Record<string, string> {
  if (list === undefined) return {};
  if (!Array.isArray(list)) throw new HarFormatError(`${at} is not an array`);
  const headers: Record<string, string> = {};
  list.forEach((header: unknown, index) => {
    if (!isObject(header) || !isString(header.name) || !isString(header.value)) {
      throw new HarFormatError(`${at}[${index}] is not a {name, value} pair of strings`);
    }
    const name = header.name.toLowerCase();
    if (name.startsWith(':')) return;
    headers[name] = name in headers ? `${headers[name]}, ${header.value}` : header.value;
  });
  return headers;
}

/** The body text, base64 decoded when so encoded; undefined when the HAR kept none. */
function bodyOf(content: Record<string, unknown>, at: string): string | undefined {
  if (!isString(content.text)) return undefined;
  if (content.encoding !== 'base64') return content.text;
  try {
    const binary = atob(content.text);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8').decode(bytes);
  } catch {
    throw new HarFormatError(`${at}.text is not valid base64`);
  }
}

function field<T>(
  parent: unknown,
  name: string,
  at: string,
  is: (value: unknown) => value is T,
  what: string,
): T {
  const value = isObject(parent) ? parent[name] : undefined;
  if (value === undefined) throw new HarFormatError(`${at} has no "${name}": not a HAR file`);
  if (!is(value)) throw new HarFormatError(`${at}.${name} is not ${what}`);
  return value;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
