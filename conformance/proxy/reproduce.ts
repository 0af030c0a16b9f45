import { API_KEY, curlCommand, type HeaderValue } from '../output/curl.ts';
import type { Forwarded } from './forward.ts';

const NOT_REPEATED = new Set(['host', 'content-length']);
const MAX_SHOWN_BODY = 4096;

/**
 * A curl command that repeats the exchange against the upstream. A Bearer token is read from
 * $PETSTORE_API_KEY; every other credential stays in the text, for the caller to redact. Any exchange will do, a
 * HAR entry's too (which has no path below a base path).
 */
export function curlFor(exchange: Omit<Forwarded, 'path'>): string {
  const headers: Array<[string, HeaderValue]> = [];
  const raw = exchange.requestHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] ?? '';
    const value = raw[i + 1] ?? '';
    if (NOT_REPEATED.has(name.toLowerCase())) continue;
    const scheme = /^\s*(bearer)\s+\S/i.exec(value)?.[1];
    const isToken = name.toLowerCase() === 'authorization' && scheme !== undefined;
    headers.push([name, isToken ? [`${scheme} `, API_KEY] : value]);
  }
  const body = exchange.requestBody;
  const text = body.overflowed ? undefined : new TextDecoder('utf-8', { fatal: false }).decode(body.buffer());
  const shown = text !== undefined && body.bytes <= MAX_SHOWN_BODY && !text.includes('\uFFFD');
  return curlCommand({
    method: exchange.method,
    url: exchange.upstreamUrl,
    headers,
    ...(body.bytes === 0
      ? {}
      : { body: shown ? { text } : { omitted: `the request had a ${body.bytes}-byte body, not shown` } }),
  });
}
