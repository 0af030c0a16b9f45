import type { Coverage } from '../run/coverage.ts';
import type { CheckResult } from '../run/events.ts';
import { curlFor, exchangesToReproduce } from './reproduce.ts';

// What every reporter says about one check and about coverage, decided once so the formats cannot disagree.

/**
 * A check's outcome as reports show it: `fail` fails the run (a must, or a should under --strict), `warn` does
 * not; `expected` is a listed failure; `stale` a listed check that passes (it fails the run).
 */
export type Outcome = 'pass' | 'fail' | 'warn' | 'skip' | 'info' | 'expected' | 'stale';

export const OUTCOME_LABELS: Record<Outcome, string> = {
  pass: 'passed',
  fail: 'failed',
  warn: 'warning',
  skip: 'skipped',
  info: 'observed',
  expected: 'expected failure',
  stale: 'stale expected failure',
};

export function outcomeOf(result: CheckResult, strict: boolean): Outcome {
  if (result.status === 'failed')
    return result.severity === 'must' || (result.severity === 'should' && strict) ? 'fail' : 'warn';
  if ((result.expected?.stale ?? []).length > 0) return 'stale';
  if (result.status === 'expected-failure') return 'expected';
  if (result.status === 'skipped') return 'skip';
  return result.severity === 'info' ? 'info' : 'pass';
}

/** A failure's outcomes: the ones that come with a reproduce command and trace ids. */
export const isFailure = (outcome: Outcome): boolean =>
  outcome === 'fail' || outcome === 'warn' || outcome === 'expected';

/** The trace ids of the exchanges a failure names (or of the check's own trace when it names none). */
export function traceIdsOf(result: CheckResult): string[] {
  const named = exchangesToReproduce(result.message, result.exchanges).flatMap((e) =>
    e.request.traceId ? [e.request.traceId] : [],
  );
  const ids = named.length > 0 ? named : result.traceId ? [result.traceId] : [];
  return [...new Set(ids)];
}

/**
 * The curl commands that repeat a failure. Exploration's findings name theirs at the end of the message (the
 * request's exact Authorization spelling); a fixed check's come from the exchanges its message names.
 */
export function reproduceCommands(result: CheckResult, exploring: boolean): string[] {
  if (!exploring) return exchangesToReproduce(result.message, result.exchanges).map(curlFor);
  const named = /; reproduce with: (curl .*)$/.exec(result.message)?.[1];
  return named === undefined ? [] : [named];
}

export interface CoverageRow {
  operationId: string;
  /** `DELETE /store/orders/{orderId}`. */
  route: string;
  deprecated: boolean;
  status: string;
  seen: number;
  documented: boolean;
}

/** Coverage as table rows: each documented status (seen or not), then each undocumented status seen. */
export function coverageRows(coverage: Coverage): CoverageRow[] {
  return coverage.operations.flatMap((o) => {
    const base = { operationId: o.operationId, route: `${o.method} ${o.path}`, deprecated: o.deprecated };
    return [
      ...o.documented.map((d) => ({ ...base, status: d.status, seen: d.seen, documented: true })),
      ...o.undocumented.map((u) => ({ ...base, status: String(u.status), seen: u.seen, documented: false })),
    ];
  });
}

/** `7 of 10 documented (operation, status) pairs seen (70%)`. */
export const coverageLine = (coverage: Coverage): string =>
  `${coverage.seen} of ${coverage.documented} documented (operation, status) pairs seen (${coverage.percent}%)`;
