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

/**
 * The run's verdict: counts by severity, then the outcome. Failures of `must` checks (and `should` ones under
 * --strict) fail it, and so do the gates (stale expected failures, coverage under --min-coverage); an
 * unreachable target or a run cut by --max-time is exit 2 whatever they say.
 */
export function summarize(
  results: CheckResult[],
  options: ResolvedOptions,
  durationMs: number,
  run: { error?: string; incomplete: boolean; stale: string[]; coverage: Coverage },
): Summary {
  const counts = countBySeverity(results);
  // The gates judge a run that went through: an unreachable or cut-short run is exit 2 whatever they say.
  const complete = run.error === undefined && !run.incomplete;
  const coverageProblem = minCoverageProblem(run.coverage, options.minCoverage);
  const gateFailures = complete ? [...run.stale, ...(coverageProblem ? [coverageProblem] : [])] : [];
  const failed =
    counts.must.failed > 0 || (options.strict && counts.should.failed > 0) || gateFailures.length > 0;
  const outcome = run.incomplete
    ? 'incomplete'
    : run.error !== undefined
      ? 'unreachable'
      : failed
        ? 'failed'
        : 'passed';
  const exitCode = outcome === 'passed' ? 0 : outcome === 'failed' ? 1 : 2;
  return {
    outcome,
    exitCode,
    strict: options.strict,
    total: results.length,
    counts,
    durationMs,
    ...(run.error ? { error: run.error } : {}),
    coverage: run.coverage,
    ...(gateFailures.length > 0 ? { gateFailures } : {}),
  };
}
