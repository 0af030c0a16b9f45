import type { Exchange } from '../http/exchange.ts';
import type { CheckInfo, Severity } from '../rules/rule.ts';
import type { Coverage } from './coverage.ts';

// What a run yields: one `started`, an `exchange` per request as it completes, one `check` per rule graded, one
// `finished`; coverage and every reporter only consume these.

/** `expected-failure`: a failure listed in `--expected-failures`, reported but not failing the run. */
export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'expected-failure';

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
  /** The trace id the check's own requests carry in `traceparent` (a fresh trace per check). */
  traceId?: string;
  /** Present when `--expected-failures` lists the check: why, from where, and the stale lines if it passed. */
  expected?: { reason?: string; source: string; stale?: string[] };
}

export interface SeverityCounts {
  passed: number;
  failed: number;
  skipped: number;
  /** Failures listed in `--expected-failures` (not counted in `failed`). */
  expected: number;
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
  /** Which documented (operation, status) pairs the run saw. */
  coverage?: Coverage;
  /**
   * Why the run failed beyond its checks, one line each: a stale expected failure, coverage below
   * `--min-coverage`.
   */
  gateFailures?: string[];
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
      /** The baseline of known failures (`--expected-failures`): where it came from and how many entries. */
      expectedFailures?: { source: string; entries: number };
      /** The `--min-coverage` gate, in percent. */
      minCoverage?: number;
    }
  /** One request and its answer (redacted), as it completes: what coverage and exchange logs read. */
  | { type: 'exchange'; exchange: Exchange }
  | { type: 'check'; result: CheckResult; index: number; total: number }
  | { type: 'finished'; summary: Summary };

/** A report format: it only consumes the event stream. */
export interface Reporter {
  handle(event: ConformanceEvent): void;
}
