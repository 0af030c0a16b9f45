import type { Severity } from '../rules/rule.ts';
import type { CheckResult, Summary } from './events.ts';
import type { ResolvedOptions } from './options.ts';

/** How the run ended besides its verdicts: out of time, interrupted, unreachable, a teardown that failed. */
export interface RunEnd {
  error?: string;
  incomplete: boolean;
  /** The signal's name when the run was interrupted. */
  interrupted?: string;
  teardownProblem?: string;
  /** What to give so that each skipped check runs (its missing requirements), by check id. */
  gives: ReadonlyMap<string, readonly string[]>;
}

const SIGNAL_EXIT: Readonly<Record<string, 130 | 143>> = { SIGINT: 130, SIGTERM: 143 };

export function summarize(
  results: readonly CheckResult[],
  options: ResolvedOptions,
  durationMs: number,
  end: RunEnd,
): Summary {
  const counts = {} as Summary['counts'];
  for (const severity of ['must', 'should', 'info'] as Severity[]) {
    const of = results.filter((r) => r.severity === severity);
    const count = (status: string) => of.filter((r) => r.status === status).length;
    counts[severity] = { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
  }
  const skipped = results.filter((r) => r.status === 'skipped');
  const failed =
    counts.must.failed > 0 ||
    (options.strict && counts.should.failed > 0) ||
    (options.failOnSkip && skipped.length > 0);
  let outcome: Summary['outcome'] =
    end.interrupted !== undefined
      ? 'interrupted'
      : end.incomplete
        ? 'incomplete'
        : end.error !== undefined
          ? 'unreachable'
          : failed
            ? 'failed'
            : 'passed';
  let error = end.error;
  if (end.teardownProblem !== undefined) {
    // The checks' verdicts stand; the orders the teardown should have removed may be left behind.
    if (outcome === 'passed' || outcome === 'failed') outcome = 'teardown-failed';
    error = error === undefined ? end.teardownProblem : `${error}; ${end.teardownProblem}`;
  }
  const exitCode =
    outcome === 'interrupted'
      ? (SIGNAL_EXIT[end.interrupted ?? ''] ?? 2)
      : outcome === 'passed'
        ? 0
        : outcome === 'failed'
          ? 1
          : 2;
  const give = [...new Set(skipped.flatMap((r) => end.gives.get(r.id) ?? []))];
  return {
    outcome,
    exitCode,
    strict: options.strict,
    total: results.length,
    counts,
    durationMs,
    ...(error === undefined ? {} : { error }),
    ...(skipped.length > 0 ? { notRun: { checks: skipped.length, give } } : {}),
    ...(options.failOnSkip ? { failOnSkip: true } : {}),
  };
}
