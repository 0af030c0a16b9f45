import type { NearMiss } from './near-miss.ts';

// The record of one request and its answer: what the client sends, what checks, explore and reports read.

/** How a request authenticates: the given key, no header, a wrong key, the key under another scheme… */
export type AuthMode = 'valid' | 'none' | 'wrong' | 'non-bearer' | 'lowercase-bearer' | 'near-miss';

export interface RequestSpec {
  method: string;
  /** Path below the base URL, starting with `/`. */
  path: string;
  auth: AuthMode;
  /** With auth `near-miss`: which near miss of the key is sent. */
  nearMiss?: NearMiss;
  operationId?: string;
  /** Extra request headers (e.g. Origin for the CORS checks). */
  headers?: Record<string, string>;
  /** What the request was for (`malformed-id`, `explore`), kept in the JSON report for a reader. */
  purpose?: string;
  /** A request that may change state is never retried: a lost answer must not cancel twice. */
  stateChanging?: boolean;
  /**
   * The W3C trace id its `traceparent` carries: a check's requests share one (a fresh trace per check), any
   * other request gets its own. Recorded on every exchange, so a report can name it.
   */
  traceId?: string;
}

export interface ExchangeResponse {
  status: number;
  /** Lower-case header names; repeated headers joined with `, ` as fetch does. */
  headers: Record<string, string>;
  /** The body text as received (reports redact it), read up to the body limit. */
  body: string;
  bodyBytes: number;
  /** True when the body was larger than the limit and was not read to its end. */
  truncated: boolean;
  /** Why the body ended early (a timeout or a reset after the headers); absent when it was read whole. */
  interrupted?: string;
}

/**
 * One request and what came back (or the network error), as received: checks grade the raw exchange; events
 * yielded by the runner carry it redacted. The Authorization header is recorded as a description.
 */
export interface Exchange {
  seq: number;
  request: RequestSpec & { url: string; headers: Record<string, string> };
  response?: ExchangeResponse;
  error?: string;
  /** The exchange itself (the last attempt): rate-limit, Retry-After and backoff waits excluded. */
  durationMs: number;
  attempts: number;
}
