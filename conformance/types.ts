/** `must`: what the spec states. `should`: HTTP norms (a warning unless strict). `info`: what the spec leaves open. */
export type Severity = 'must' | 'should' | 'info';

/** How a request authenticates: the given key, no header, a wrong key, the key under another scheme… */
export type AuthMode = 'valid' | 'none' | 'wrong' | 'non-bearer' | 'lowercase-bearer';

export interface RequestSpec {
  method: string;
  /** Path below the base URL, starting with `/`. */
  path: string;
  auth: AuthMode;
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
  /** The body text (key redacted), read up to the body limit. */
  body: string;
  bodyBytes: number;
  /** True when the body was larger than the limit and was not read to its end. */
  truncated: boolean;
  /** Why the body ended early (a timeout or a reset after the headers); absent when it was read whole. */
  interrupted?: string;
}

/** One request and what came back (or the network error), with the API key redacted. */
export interface Exchange {
  seq: number;
  request: RequestSpec & { url: string; headers: Record<string, string> };
  response?: ExchangeResponse;
  error?: string;
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
  /** `unreachable`: the target could not be reached or is not this API; no check ran. */
  outcome: 'passed' | 'failed' | 'unreachable';
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
    }
  | { type: 'check'; result: CheckResult; index: number; total: number }
  | { type: 'finished'; summary: Summary };

/** A report format: it only consumes the event stream. */
export interface Reporter {
  handle(event: ConformanceEvent): void;
}
