import type { NearMiss } from './http/near-miss.ts';

/** `must`: what the spec states. `should`: HTTP norms (a warning unless strict). `info`: what the spec leaves open. */
export type Severity = 'must' | 'should' | 'info';

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
  /** What the request is for, so aggregate checks can tell e.g. a malformed-id probe from a plain 404. */
  purpose?: string;
  /** A request that may change state is never retried: a lost answer must not cancel twice. */
  stateChanging?: boolean;
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

export type CheckStatus = 'passed' | 'failed' | 'skipped';

export interface CheckResult {
  id: string;
  severity: Severity;
  title: string;
  reference: string;
  status: CheckStatus;
  /** What was observed (passed, info), what went wrong (failed) or why it did not run (skipped). */
  message: string;
  exchanges: Exchange[];
  durationMs: number;
}

export interface SeverityCounts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface Summary {
  /**
   * `unreachable`: the target could not be reached or is not this API; no check ran. `incomplete`: the run's
   * time budget ran out; the checks left are reported as skipped ("not run"). Both exit 2.
   */
  outcome: 'passed' | 'failed' | 'unreachable' | 'incomplete';
  exitCode: 0 | 1 | 2;
  strict: boolean;
  total: number;
  counts: Record<Severity, SeverityCounts>;
  durationMs: number;
  error?: string;
}

export interface CheckInfo {
  id: string;
  severity: Severity;
  title: string;
  reference: string;
}

export type ConformanceEvent =
  | {
      type: 'started';
      baseUrl: string;
      startedAt: string;
      checks: CheckInfo[];
      /** True when no state-changing check was opted in. */
      safe: boolean;
      apiKey: 'given' | 'absent';
      /** Exploration mode: the seed that reproduces the run, the request budget, whether writes are allowed. */
      explore?: { seed: number; maxRequests: number; allowWrites: boolean };
    }
  | { type: 'check'; result: CheckResult; index: number; total: number }
  | { type: 'finished'; summary: Summary };

/** A report format: it only consumes the event stream. */
export interface Reporter {
  handle(event: ConformanceEvent): void;
}
