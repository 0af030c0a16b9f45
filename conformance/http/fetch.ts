import type { ExchangeResponse } from './exchange.ts';

// One attempt of a request: the fetch with its time limit, the body read up to a bound, and how errors read.

/** Fetches with a time limit and reads the body up to `maxBodyBytes`; the status and headers survive a cut body. */
export async function fetchBounded(
  url: string,
  method: string,
  headers: Record<string, string>,
  options: { fetch: typeof fetch; maxBodyBytes: number; signal?: AbortSignal },
  limitMs: number,
  describe: (cause: unknown) => string,
): Promise<ExchangeResponse> {
  const timeout = AbortSignal.timeout(limitMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const response = await options.fetch(url, { method, headers, signal, redirect: 'manual' });
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name.toLowerCase()] = value;
  });
  const chunks: Uint8Array[] = [];
  let bodyBytes = 0;
  let truncated = false;
  let interrupted: string | undefined;
  const reader = response.body?.getReader();
  try {
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      if (bodyBytes + next.value.byteLength > options.maxBodyBytes) {
        truncated = true;
        chunks.push(next.value.subarray(0, options.maxBodyBytes - bodyBytes));
        bodyBytes = options.maxBodyBytes;
        await reader?.cancel().catch(() => {});
        break;
      }
      chunks.push(next.value);
      bodyBytes += next.value.byteLength;
    }
  } catch (cause) {
    // The status and headers arrived: keep them, and say why the body is incomplete.
    interrupted = `the body did not complete: ${describe(cause)}`;
  }
  const read = {
    status: response.status,
    headers: responseHeaders,
    ...decodeBody(Buffer.concat(chunks)),
    bodyBytes,
    truncated,
  };
  return interrupted ? { ...read, interrupted } : read;
}

/**
 * A body's text, decoded as UTF-8 and marked when its bytes are not UTF-8 (then decoded with replacement
 * characters, for the report) or start with a byte-order mark (left out of the text, which the rules read).
 */
export function decodeBody(bytes: Uint8Array): Pick<ExchangeResponse, 'body' | 'notUtf8' | 'byteOrderMark'> {
  const byteOrderMark = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const marks = byteOrderMark ? { byteOrderMark: true as const } : {};
  try {
    return { body: new TextDecoder('utf-8', { fatal: true }).decode(bytes), ...marks };
  } catch {
    return { body: new TextDecoder().decode(bytes), notUtf8: true, ...marks };
  }
}

export function retryAfterMs(response: ExchangeResponse): number | undefined {
  const value = response.headers['retry-after']?.trim();
  if (!value) return undefined;
  if (/^[0-9]+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export const isTimeout = (cause: unknown): boolean =>
  cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');

export function describeError(cause: unknown, timeoutMs: number): string {
  if (isTimeout(cause)) return `no answer within ${timeoutMs} ms (timeout)`;
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause as { code?: string; message?: string } | undefined;
  if (inner?.code) return `${inner.code}: ${inner.message ?? cause.message}`;
  return inner?.message ? `${cause.message}: ${inner.message}` : cause.message;
}
