import type { Cookie, Entry, Har, Header, QueryString } from 'har-format';
import type { ExchangeRecord, ExchangeSource, RecordedHeaders } from './record.ts';
import { redactRecord } from './redact.ts';
import type { SecretRedactor } from './secrets.ts';

/** A HAR 1.2 entry with the exchange record's own fields (custom fields start with `_`, as HAR allows). */
export type HarEntry = Entry & {
  _source: ExchangeSource;
  _session?: string;
  _traceId?: string;
  _error?: string;
};

export interface HarOptions {
  /** The tool that wrote the file (`log.creator`); default petstore-mock. */
  readonly creator?: { readonly name: string; readonly version: string };
  /** Values to redact wherever they appear (the keys and tokens the writer knows), beside the credential fields. */
  readonly secrets?: SecretRedactor | readonly string[];
  readonly comment?: string;
}

const DEFAULT_CREATOR = { name: 'petstore-mock', version: '1' };

/**
 * A HAR 1.2 document of the exchanges, redacted (harEntry), which Chrome DevTools' "Import HAR" opens.
 *
 * @example const har = harLog(await journal.exchanges(), { creator: { name: 'petstore-mock', version } });
 */
export function harLog(records: Iterable<ExchangeRecord>, options: HarOptions = {}): Har {
  const entries: Entry[] = [];
  for (const record of records) entries.push(harEntry(record, options.secrets));
  return {
    log: {
      version: '1.2',
      creator: { ...(options.creator ?? DEFAULT_CREATOR) },
      pages: [],
      entries,
      ...(options.comment === undefined ? {} : { comment: options.comment }),
    },
  };
}

/**
 * `JSON.stringify(harLog(records, options))` around its entries: the text before the first entry and the text
 * after the last, for a writer that keeps each entry's JSON (`JSON.stringify(harEntry(…))`, comma-separated)
 * rendered between reads.
 */
export function harFrame(options: HarOptions = {}): { readonly head: string; readonly tail: string } {
  const empty = JSON.stringify(harLog([], options));
  // The first `"entries":[]` is the key's: a string's own quotes are escaped in JSON.
  const at = empty.indexOf(ENTRIES) + ENTRIES.length - 1;
  return { head: empty.slice(0, at), tail: empty.slice(at) };
}

const ENTRIES = '"entries":[]';

/** One exchange as a HAR entry, always redacted (redactRecord): no HAR the kit writes carries a credential. */
export function harEntry(given: ExchangeRecord, secrets: SecretRedactor | readonly string[] = []): HarEntry {
  const record = redactRecord(given, secrets);
  const { request, response } = record;
  const duration = Math.max(0, record.durationMs);
  const responseType = response?.headers['content-type'] ?? '';
  const entry: HarEntry = {
    startedDateTime: new Date(record.startedAt).toISOString(),
    time: duration,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: cookiesOf(request.headers.cookie),
      headers: headerList(request.headers),
      queryString: queryOf(request.url),
      headersSize: -1,
      bodySize: request.body === undefined ? 0 : utf8Length(request.body),
      ...(request.body === undefined || request.body === ''
        ? {}
        : { postData: { mimeType: request.headers['content-type'] ?? '', text: request.body } }),
    },
    response: {
      status: response?.status ?? 0,
      statusText: response?.statusText ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: cookiesOf(response?.headers['set-cookie']?.split(';', 1)[0]),
      headers: headerList(response?.headers ?? {}),
      content: {
        size: response?.bodyBytes ?? (response?.body === undefined ? 0 : utf8Length(response.body)),
        mimeType: responseType,
        ...(response?.body === undefined ? {} : { text: response.body }),
      },
      redirectURL: response?.headers.location ?? '',
      headersSize: -1,
      bodySize: response?.bodyBytes ?? -1,
    },
    cache: {},
    timings: { send: 0, wait: duration, receive: 0 },
    _source: record.source,
  };
  if (record.session !== undefined) entry._session = record.session;
  if (record.traceId !== undefined) entry._traceId = record.traceId;
  if (record.error !== undefined) entry._error = record.error;
  if (record.comment !== undefined) entry.comment = record.comment;
  return entry;
}

function headerList(headers: RecordedHeaders): Header[] {
  return Object.entries(headers).map(([name, value]) => ({ name, value }));
}

/** `a=1; b=2` as HAR cookies (already redacted by the time it gets here). */
function cookiesOf(header: string | undefined): Cookie[] {
  if (header === undefined) return [];
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.includes('='))
    .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) }));
}

function queryOf(url: string): QueryString[] {
  const start = url.indexOf('?');
  if (start < 0) return [];
  const end = url.indexOf('#', start);
  return url
    .slice(start + 1, end < 0 ? undefined : end)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0
        ? { name: decode(pair), value: '' }
        : { name: decode(pair.slice(0, at)), value: decode(pair.slice(at + 1)) };
    });
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** UTF-8 length of a string, without TextEncoder (this module runs in the framework-free core). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
