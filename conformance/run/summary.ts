import type { Severity } from '../rules/rule.ts';
import { type Coverage, minCoverageProblem } from './coverage.ts';
import type { CheckResult, CheckStatus, Summary } from './events.ts';
import type { ResolvedOptions } from './options.ts';

/** Results counted by severity and status. */
export function countBySeverity(results: readonly CheckResult[]): Summary['counts'] {
  const counts = {} as Summary['counts'];
  for (const severity of ['must', 'should', 'info'] as Severity[]) {
    const of = results.filter((r) => r.severity === severity);
    const count = (status: CheckStatus) => of.filter((r) => r.status === status).length;
    counts[severity] = {
      passed: count('passed'),
      failed: count('failed'),
      skipped: count('skipped'),
      expected: count('expected-failure'),
    };
  }
  return counts;
}

/** How the run ended besides its verdicts: out of time, interrupted, unreachable, the gates, the teardown. */
export interface RunEnd {
  error?: string;
  incomplete: boolean;
  /** Stale lines of the expected failures. */
  stale: string[];
  coverage: Coverage;
  /** The signal's name when the run was interrupted. */
  interrupted?: string;
  teardownProblem?: string;
  /** What to give so that each skipped check runs (its missing requirements), by check id. */
  gives: ReadonlyMap<string, readonly string[]>;
}

const SIGNAL_EXIT: Readonly<Record<string, 130 | 143>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * The run's verdict: counts by severity, then the outcome. Failures of `must` checks (and `should` ones under
 * --strict, skipped ones under --fail-on-skip) fail it, and so do the gates (stale expected failures, coverage
 * under --min-coverage); an unreachable target or a run cut by --max-time is exit 2 whatever they say, a run
 * stopped by a signal exits 130 or 143, and a teardown that failed makes a verdict exit 2.
 */
export function summarize(
  results: CheckResult[],
  options: ResolvedOptions,
  durationMs: number,
  run: RunEnd,
): Summary {
  const counts = countBySeverity(results);
  // The gates judge a run that went through: an unreachable or cut-short run is exit 2 whatever they say.
  const complete = run.error === undefined && !run.incomplete;
  const coverageProblem = minCoverageProblem(run.coverage, options.minCoverage);
  const gateFailures = complete ? [...run.stale, ...(coverageProblem ? [coverageProblem] : [])] : [];
  const skipped = results.filter((r) => r.status === 'skipped');
  const failed =
    counts.must.failed > 0 ||
    (options.strict && counts.should.failed > 0) ||
    (options.failOnSkip && skipped.length > 0) ||
    gateFailures.length > 0;
  let outcome: Summary['outcome'] =
    run.interrupted !== undefined
      ? 'interrupted'
      : run.incomplete
        ? 'incomplete'
        : run.error !== undefined
          ? 'unreachable'
          : failed
            ? 'failed'
            : 'passed';
  let error = run.error;
  if (run.teardownProblem !== undefined) {
    // The checks' verdicts stand; the orders the teardown should have removed may be left behind.
    if (outcome === 'passed' || outcome === 'failed') outcome = 'teardown-failed';
    error = error === undefined ? run.teardownProblem : `${error}; ${run.teardownProblem}`;
  }
  const exitCode =
    outcome === 'interrupted'
      ? (SIGNAL_EXIT[run.interrupted ?? ''] ?? 2)
      : outcome === 'passed'
        ? 0
        : outcome === 'failed'
          ? 1
          : 2;
  const give = [...new Set(skipped.flatMap((r) => run.gives.get(r.id) ?? []))];
  return {
    outcome,
    exitCode,
    strict: options.strict,
    total: results.length,
    counts,
    durationMs,
    ...(error ? { error } : {}),
    ...(options.credential
      ? { credential: { source: options.credential.source, refreshes: options.credential.refreshes } }
      : {}),
    coverage: run.coverage,
    ...(gateFailures.length > 0 ? { gateFailures } : {}),
    ...(skipped.length > 0 ? { notRun: { checks: skipped.length, give } } : {}),
    ...(options.failOnSkip ? { failOnSkip: true } : {}),
  };
}
