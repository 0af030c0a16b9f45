import type { CredentialSourceName } from '../http/credential.ts';
import type { Exchange } from '../http/exchange.ts';
import type { CheckInfo, Severity } from '../rules/rule.ts';

// What a run yields: one `started`, one `check` per rule graded, one `finished`; reporters only consume these.

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
    }
  | { type: 'check'; result: CheckResult; index: number; total: number }
  | { type: 'finished'; summary: Summary };

/** A report format: it only consumes the event stream. */
export interface Reporter {
  handle(event: ConformanceEvent): void;
}
