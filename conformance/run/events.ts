import type { CredentialSourceName } from '../http/credential.ts';
import type { Exchange } from '../http/exchange.ts';
import type { OrderSourceKind } from '../orders/allocation.ts';
import type { ProvidedOrders } from '../orders/slots.ts';
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
  /** The run's orders this check's requests named (given, or made by the setup or the state URL). */
  orderIds?: string[];
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
   * time budget ran out; the checks left are reported as skipped ("not run"). `teardown-failed`: the checks
   * ran, the teardown hook did not clean up (`error` says why). These exit 2. `interrupted`: a signal stopped
   * the run (`signal` of the options); the checks left were not run, the teardown ran; exit 130 after SIGINT,
   * 143 after SIGTERM.
   */
  outcome: 'passed' | 'failed' | 'unreachable' | 'incomplete' | 'teardown-failed' | 'interrupted';
  exitCode: 0 | 1 | 2 | 130 | 143;
  strict: boolean;
  total: number;
  counts: Record<Severity, SeverityCounts>;
  durationMs: number;
  error?: string;
  /** Present when checks were skipped: how many, and what to give so that they run. */
  notRun?: { checks: number; give: string[] };
  /** With `failOnSkip`, a skipped check fails the run (exit 1). */
  failOnSkip?: boolean;
  /** Which documented (operation, status) pairs the run saw. */
  coverage?: Coverage;
  /**
   * Why the run failed beyond its checks, one line each: a stale expected failure, coverage below
   * `--min-coverage`.
   */
  gateFailures?: string[];
  /** The credential's source, and how often a token was fetched again during the run (a key: never). */
  credential?: { source: CredentialSourceName; refreshes: number };
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
      /** Where the credential comes from, when there is one. */
      credential?: CredentialSourceName;
      /** Exploration mode: the seed that reproduces the run, the request budget, whether writes are allowed. */
      explore?: { seed: number; maxRequests: number; allowWrites: boolean };
      /** Where the orders the run may change came from, and their ids; absent in the safe mode. */
      orders?: { source: OrderSourceKind } & ProvidedOrders;
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
