import { redact } from './redact.ts';
import type { AuthMode, Exchange, ExchangeResponse, RequestSpec } from './types.ts';

/** The token sent as "a wrong key"; deliberately not secret, so reports show it. */
export const WRONG_KEY = 'petstore-conformance-wrong-key';
/** Longest wait honoured for a 429 `Retry-After`; a longer one ends the request with that 429. */
const MAX_RETRY_AFTER_MS = 30_000;
const MAX_429_WAITS = 3;

export interface ClientOptions {
  baseUrl: string;
  apiKey?: string;
  timeoutMs: number;
  /** Extra attempts after a network error (never after an HTTP status, never for state-changing requests). */
  retries: number;
  /** Requests per second; undefined for no limit. */
  rateLimit?: number;
  maxBodyBytes: number;
  fetch: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export interface HttpClient {
  send(request: RequestSpec): Promise<Exchange>;
}

/** The Authorization header for an auth mode; undefined sends none. */
export function authorizationFor(mode: AuthMode, key: string | undefined): string | undefined {
  const token = key ?? WRONG_KEY;
  switch (mode) {
    case 'none':
      return undefined;
    case 'valid':
      return `Bearer ${token}`;
    case 'wrong':
      return `Bearer ${WRONG_KEY}`;
    case 'non-bearer':
      return `Basic ${token}`;
    case 'lowercase-bearer':
      return `bearer ${token}`;
  }
}

/** Times out, retries network errors, rate-limits, honours 429 Retry-After and reads bodies up to a bound. */
export function createHttpClient(options: ClientOptions): HttpClient {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const interval = options.rateLimit ? 1000 / options.rateLimit : 0;
  let nextStart = 0;
  let seq = 0;

  const pace = async (): Promise<void> => {
    const now = Date.now();
    const start = Math.max(now, nextStart);
    nextStart = start + interval;
    if (start > now) await sleep(start - now);
  };

  return {
    async send(request) {
      const url = options.baseUrl.replace(/\/+$/, '') + request.path;
      const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
      const authorization = authorizationFor(request.auth, options.apiKey);
      if (authorization) headers.authorization = authorization;
      const shown = { ...request, url, headers: redactHeaders(headers, options.apiKey) };
      const maxAttempts = request.stateChanging ? 1 : 1 + options.retries;
      const started = performance.now();
      let attempts = 0;
      let waits429 = 0;
      let error = '';
      while (attempts < maxAttempts) {
        attempts++;
        await pace();
        try {
          const response = await fetchBounded(url, request.method, headers, options);
          const wait = retryAfterMs(response);
          if (
            response.status === 429 &&
            wait !== undefined &&
            wait <= MAX_RETRY_AFTER_MS &&
            waits429 < MAX_429_WAITS
          ) {
            waits429++;
            attempts--;
            await sleep(wait);
            continue;
          }
          const durationMs = Math.round(performance.now() - started);
          return { seq: ++seq, request: shown, response, durationMs, attempts };
        } catch (cause) {
          error = describeError(cause, options.timeoutMs);
          if (isTimeout(cause)) break; // a timeout already spent the whole budget: retrying would multiply it
        }
      }
      return {
        seq: ++seq,
        request: shown,
        error,
        durationMs: Math.round(performance.now() - started),
        attempts,
      };
    },
  };
}

async function fetchBounded(
  url: string,
  method: string,
  headers: Record<string, string>,
  options: ClientOptions,
): Promise<ExchangeResponse> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const response = await options.fetch(url, { method, headers, signal, redirect: 'manual' });
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name.toLowerCase()] = redact(value, options.apiKey);
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
    interrupted = `the body did not complete: ${describeError(cause, options.timeoutMs)}`;
  }
  const body = redact(new TextDecoder().decode(Buffer.concat(chunks)), options.apiKey);
  const read = { status: response.status, headers: responseHeaders, body, bodyBytes, truncated };
  return interrupted ? { ...read, interrupted } : read;
}

function retryAfterMs(response: ExchangeResponse): number | undefined {
  const value = response.headers['retry-after']?.trim();
  if (!value) return undefined;
  if (/^[0-9]+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

const isTimeout = (cause: unknown): boolean =>
  cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');

function describeError(cause: unknown, timeoutMs: number): string {
  if (isTimeout(cause)) return `no answer within ${timeoutMs} ms (timeout)`;
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause as { code?: string; message?: string } | undefined;
  if (inner?.code) return `${inner.code}: ${inner.message ?? cause.message}`;
  return inner?.message ? `${cause.message}: ${inner.message}` : cause.message;
}

function redactHeaders(headers: Record<string, string>, key: string | undefined): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) shown[name] = redact(value, key);
  return shown;
}
