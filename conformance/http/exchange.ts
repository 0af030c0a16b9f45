import type { ExchangeRecord } from '../../src/exchange/record.ts';
import type { NearMiss } from './near-miss.ts';

// The record of one request and its answer: what the client sends, what checks, explore and reports read. It
// is the kit's one exchange record (src/exchange, shared with the mock as data only), with what a run adds.

/** How a request authenticates: the given key, no header, a wrong key, the key under another scheme… */
export type AuthMode =
  | 'valid'
  | 'none'
  | 'wrong'
  | 'non-bearer'
  | 'lowercase-bearer'
  | 'near-miss'
  | 'extra-word';

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
  /**
   * Read the answer byte by byte on a connection of its own (conformance/http/wire.ts), so bytes after it are
   * seen: for the 204 of a cancel and for HEAD. Falls back to fetch when the run was given a fetch of its own.
   */
  onWire?: boolean;
  /** A request that may change state is never retried: a lost answer must not cancel twice. */
  stateChanging?: boolean;
  /**
   * The W3C trace id its `traceparent` carries: a check's requests share one (a fresh trace per check), any
   * other request gets its own. Recorded on every exchange, so a report can name it.
   */
  traceId?: string;
  /**
   * Explore's Authorization value as it is spelled, with `{KEY}` where the credential goes (filled in when
   * sent, so a refreshed token is used); `auth` is then ignored.
   */
  spelledAuthorization?: string;
  /**
   * Whether the request expects its credential to be accepted (so a 401 may mean the token expired, and it is
   * sent once more with a fresh one); default: true for `valid` and `lowercase-bearer`.
   */
  expectsAcceptance?: boolean;
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
  /** The body's bytes are not UTF-8 (RFC 8259 §8.1); `body` then holds them decoded with replacement characters. */
  notUtf8?: true;
  /** The body started with a UTF-8 byte-order mark, which `body` leaves out. */
  byteOrderMark?: true;
  /**
   * Bytes the connection carried after the complete answer (a body on a 204 or a HEAD answer, more than the
   * Content-Length): present only when the answer was read on the wire rather than through fetch.
   */
  bytesAfter?: number;
}

/**
 * One request and what came back (or the network error), as received: checks grade the raw exchange; events
 * yielded by the runner carry it redacted. The Authorization header is recorded as a description. `source`
 * is always `upstream`: the deployment under test answered.
 */
export interface Exchange extends ExchangeRecord {
  seq: number;
  request: RequestSpec & {
    url: string;
    headers: Record<string, string>;
    /** The shell variable a reproduce line reads the credential from, when the request carried it. */
    credentialVariable?: 'PETSTORE_API_KEY' | 'PETSTORE_TOKEN';
  };
  response?: ExchangeResponse;
  error?: string;
  /** Sent once more with a fresh token after a 401 to the one before (this is the second answer). */
  refreshed?: true;
  /** The exchange itself (the last attempt): rate-limit, Retry-After and backoff waits excluded. */
  durationMs: number;
  attempts: number;
}
