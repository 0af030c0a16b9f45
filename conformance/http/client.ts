import { REDACTED } from '../output/redact.ts';
import type { Credential } from './credential.ts';
import type { Exchange, ExchangeResponse, RequestSpec } from './exchange.ts';
import { describeError, fetchBounded, isTimeout, retryAfterMs } from './fetch.ts';
import { NEAR_MISS_SHOWN, type NearMiss, nearMissToken } from './near-miss.ts';
import { createTraceIds, type TraceIds, traceparent } from './trace.ts';
import { fetchOnWire, NATIVE_FETCH } from './wire.ts';

/** The token sent as "a wrong key"; deliberately not secret, so reports show it. */
export const WRONG_KEY = 'petstore-conformance-wrong-key';
/** The second word sent after the key for `auth.extra-word`: a credential that is not a single token. */
export const EXTRA_WORD = 'conformance';
/** Longest wait honoured for a 429 `Retry-After`; a longer one ends the request with that 429. */
const MAX_RETRY_AFTER_MS = 30_000;
const MAX_429_WAITS = 3;
/** Backoff after a network error: 200 ms, 400 ms, 800 ms… up to 5 s, each with up to half of it as jitter. */
const BACKOFF_BASE_MS = 200;
const BACKOFF_MAX_MS = 5_000;

export interface ClientOptions {
  baseUrl: string;
  /** Where the key or token comes from; a token is fetched before the first request that needs it. */
  credential?: Credential;
  /** Sent with every request, before the request's own headers. */
  headers?: Readonly<Record<string, string>>;
  /** The whole budget of one request: attempts, Retry-After waits and backoff included. */
  timeoutMs: number;
  /** Extra attempts after a network error (never after an HTTP status, never for state-changing requests). */
  retries: number;
  /** Requests per second; undefined for no limit. */
  rateLimit?: number;
  maxBodyBytes: number;
  fetch: typeof fetch;
  /** The run's deadline on the `now` clock (`--max-time`): no request runs past it. */
  deadline?: number;
  /** Stops the run (a signal): the request under way is cut, no other is sent. */
  signal?: AbortSignal;
  now?: () => number;
  /** Wall-clock time in ms since the epoch, for each exchange's `startedAt` (default Date.now). */
  wallClock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Where `traceparent` ids come from (default: random, no prefix). */
  traceIds?: TraceIds;
  /** Sees every exchange as it is recorded: the runner yields each one as an `exchange` event. */
  onExchange?: (exchange: Exchange) => void;
}

export interface HttpClient {
  send(request: RequestSpec): Promise<Exchange>;
}

/** Where explore's spelled Authorization values put the credential. */
export const CREDENTIAL_PLACEHOLDER = '{KEY}';

/** The Authorization value a request sends with `credential`; undefined sends none. */
function authorizationFor(request: RequestSpec, credential: string | undefined): string | undefined {
  const token = credential ?? WRONG_KEY;
  if (request.spelledAuthorization !== undefined) {
    return request.spelledAuthorization.replaceAll(CREDENTIAL_PLACEHOLDER, token);
  }
  switch (request.auth) {
    case 'none':
      return undefined;
    case 'wrong':
      return `Bearer ${WRONG_KEY}`;
    case 'non-bearer':
      return `Basic ${token}`;
    case 'lowercase-bearer':
      return `bearer ${token}`;
    case 'near-miss':
      return `Bearer ${nearMissToken(token, request.nearMiss ?? 'extra-char')}`;
    case 'extra-word':
      return `Bearer ${token} ${EXTRA_WORD}`;
    default:
      return `Bearer ${token}`;
  }
}

/** Whether the request carries the run's credential (or something derived from it). */
const usesCredential = (request: RequestSpec): boolean =>
  request.spelledAuthorization !== undefined
    ? request.spelledAuthorization.includes(CREDENTIAL_PLACEHOLDER)
    : request.auth !== 'none' && request.auth !== 'wrong';

/**
 * Whether a 401 to the request may mean the token expired: it sent the current credential as the spec asks
 * (any case of the scheme) and expected success. Wrong keys and near misses sent on purpose never qualify.
 */
const expectsAcceptance = (request: RequestSpec): boolean =>
  request.expectsAcceptance ??
  (request.spelledAuthorization === undefined &&
    (request.auth === 'valid' || request.auth === 'lowercase-bearer'));

/** How the Authorization header is recorded: anything derived from the credential is described, never kept. */
function shownAuthorization(request: RequestSpec, sent: string): string {
  if (request.spelledAuthorization !== undefined) {
    return request.spelledAuthorization.replaceAll(CREDENTIAL_PLACEHOLDER, REDACTED);
  }
  const scheme = sent.split(' ')[0] ?? '';
  if (request.auth === 'wrong') return sent;
  if (request.auth === 'near-miss') return `${scheme} ${NEAR_MISS_SHOWN[request.nearMiss as NearMiss]}`;
  if (request.auth === 'extra-word') return `${scheme} ${REDACTED} ${EXTRA_WORD}`;
  return `${scheme} ${REDACTED}`;
}

/** Joins an API path to the base URL's path (the base URL carries no query: resolveOptions refuses one). */
export const joinUrl = (baseUrl: string, path: string): string => {
  const url = new URL(baseUrl);
  const query = path.indexOf('?'); // exploration sends query parameters (conformance/explore)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${query < 0 ? path : path.slice(0, query)}`;
  if (query >= 0) url.search = path.slice(query);
  return url.href;
};

/**
 * Times out, retries network errors with backoff, rate-limits, honours 429 Retry-After within the request's
 * budget, stops at the run's deadline, and reads bodies up to a bound. Exchanges are recorded raw (the checks
 * grade what the server sent); only the Authorization header is recorded as a description.
 */
export function createHttpClient(options: ClientOptions): HttpClient {
  const now = options.now ?? (() => performance.now());
  const wallClock = options.wallClock ?? Date.now;
  const traceIds = options.traceIds ?? createTraceIds();
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = options.random ?? Math.random;
  const deadline = options.deadline ?? Number.POSITIVE_INFINITY;
  const interval = options.rateLimit ? 1000 / options.rateLimit : 0;
  let nextStart = Number.NEGATIVE_INFINITY;
  let seq = 0;

  /** Waits for the rate limit's next slot; false when that slot is past the deadline. */
  const pace = async (): Promise<boolean> => {
    const start = Math.max(now(), nextStart);
    if (start >= deadline) return false;
    nextStart = start + interval;
    if (start > now()) await sleep(start - now());
    return true;
  };

  /** One request's attempts within its budget: retries after network errors, 429 waits. */
  async function attempts(
    url: string,
    request: RequestSpec,
    headers: Record<string, string>,
  ): Promise<Attempted> {
    const maxAttempts = request.stateChanging ? 1 : 1 + options.retries;
    const started = now();
    const budgetEnd = Math.min(started + options.timeoutMs, deadline);
    const fits = (wait: number) => now() + wait < budgetEnd;
    let attempt = 0;
    let waits429 = 0;
    let error = '';
    let lastMs = 0;
    let startedAt = wallClock();
    while (attempt < maxAttempts) {
      attempt++;
      const attemptStarted = now();
      startedAt = wallClock();
      const limit = Math.max(1, Math.ceil(budgetEnd - attemptStarted));
      const describe = (cause: unknown) =>
        options.signal?.aborted
          ? INTERRUPTED
          : isTimeout(cause) && budgetEnd === deadline && deadline < started + options.timeoutMs
            ? RUN_OUT
            : describeError(cause, options.timeoutMs);
      try {
        const onWire = request.onWire && options.fetch === NATIVE_FETCH;
        const response = await (onWire ? fetchOnWire : fetchBounded)(
          url,
          request.method,
          headers,
          options,
          limit,
          describe,
        );
        lastMs = now() - attemptStarted;
        const wait = response.status === 429 ? retryAfterMs(response) : undefined;
        if (wait !== undefined && wait <= MAX_RETRY_AFTER_MS && waits429 < MAX_429_WAITS && fits(wait)) {
          waits429++;
          attempt--;
          await sleep(wait);
          continue;
        }
        return { response, ms: lastMs, attempts: attempt, startedAt };
      } catch (cause) {
        lastMs = now() - attemptStarted;
        error = describe(cause);
        // The budget is spent (retrying would multiply it), or the run stopped.
        if (isTimeout(cause) || options.signal?.aborted) break;
      }
      const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1)) * (0.5 + random() / 2);
      if (attempt >= maxAttempts || !fits(backoff)) break;
      await sleep(backoff);
    }
    return { error, ms: lastMs, attempts: attempt, startedAt };
  }

  return {
    async send(request) {
      const url = joinUrl(options.baseUrl, request.path);
      const { credential } = options;
      const uses = credential !== undefined && usesCredential(request);
      // A source that fails throws CredentialSourceError here: the run stops, it is not this request's answer.
      let sent = uses ? await credential.current() : undefined;
      // A request of a check carries the check's trace; any other (exploration's, the first probe) its own.
      const traceId = request.traceId ?? traceIds.trace();
      const headersWith = (value: string | undefined) => {
        const headers: Record<string, string> = {
          accept: 'application/json',
          ...options.headers,
          ...request.headers,
        };
        headers.traceparent = traceparent(traceId, traceIds.span());
        const authorization = authorizationFor(request, value);
        if (authorization) headers.authorization = authorization;
        return headers;
      };
      const headers = headersWith(sent);
      const shownHeaders = { ...headers };
      if (headers.authorization)
        shownHeaders.authorization = shownAuthorization(request, headers.authorization);
      const shown = {
        ...request,
        traceId,
        url,
        headers: shownHeaders,
        ...(uses ? { credentialVariable: credential.variable } : {}),
      };
      const record = (result: Attempted, extra: { refreshed?: true } = {}) => {
        const { ms, attempts: count, startedAt, ...answer } = result;
        const exchange = {
          seq: ++seq,
          startedAt,
          source: 'upstream',
          request: shown,
          ...answer,
          durationMs: Math.round(ms),
          attempts: count,
          ...extra,
        } as Exchange;
        options.onExchange?.(exchange);
        return exchange;
      };
      const unsent = (error: string): Attempted => ({ error, ms: 0, attempts: 0, startedAt: wallClock() });

      if (options.signal?.aborted) return record(unsent(INTERRUPTED));
      if (!(await pace())) return record(unsent(RUN_OUT));
      let result = await attempts(url, request, headers);
      if (!uses || sent === undefined || !result.response || !expectsAcceptance(request))
        return record(result);
      let refreshed = false;
      if (result.response.status === 401) {
        const fresh = await credential.afterRefusal(sent);
        if (fresh !== undefined && (await pace())) {
          sent = fresh;
          refreshed = true;
          result = await attempts(url, request, headersWith(fresh));
        }
      }
      if (result.response && result.response.status !== 401) credential.accepted(sent);
      return record(result, refreshed ? { refreshed: true } : {});
    },
  };
}

/** What one request's attempts came to. */
interface Attempted {
  response?: ExchangeResponse;
  error?: string;
  ms: number;
  attempts: number;
  /** Wall-clock start of the last attempt. */
  startedAt: number;
}

/** The error of a request stopped by `--max-time`. */
export const RUN_OUT = "not sent or not finished: the run's time budget (--max-time) ran out";

/** The error of a request stopped by a signal (SIGINT, SIGTERM). */
export const INTERRUPTED = 'not sent or not finished: the run was interrupted';
