import type { Forwarded } from './forward.ts';

const quote = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;
const NOT_REPEATED = new Set(['host', 'content-length']);
const MAX_SHOWN_BODY = 4096;

/**
 * A curl command that repeats the exchange against the upstream. A Bearer token is read from
 * $PETSTORE_API_KEY; every other credential stays in the text, for the caller to redact.
 */
export function curlFor(exchange: Forwarded): string {
  const parts = ['curl -i'];
  if (exchange.method === 'HEAD') parts.push('--head');
  else if (exchange.method !== 'GET') parts.push(`-X ${exchange.method}`);
  parts.push(quote(exchange.upstreamUrl));
  const headers = exchange.requestHeaders;
  for (let i = 0; i + 1 < headers.length; i += 2) {
    const name = headers[i] ?? '';
    const value = headers[i + 1] ?? '';
    if (NOT_REPEATED.has(name.toLowerCase())) continue;
    const scheme = /^\s*(bearer)\s+\S/i.exec(value)?.[1];
    if (name.toLowerCase() === 'authorization' && scheme) {
      parts.push(`-H "${name}: ${scheme} $PETSTORE_API_KEY"`);
    } else parts.push(`-H ${quote(`${name}: ${value}`)}`);
  }
  const body = exchange.requestBody;
  if (body.bytes > 0) {
    const text = body.overflowed
      ? undefined
      : new TextDecoder('utf-8', { fatal: false }).decode(body.buffer());
    parts.push(
      text !== undefined && body.bytes <= MAX_SHOWN_BODY && !text.includes('\uFFFD')
        ? `--data-binary ${quote(text)}`
        : `--data-binary @body  # the request had a ${body.bytes}-byte body, not shown`,
    );
  }
  return parts.join(' ');
}
