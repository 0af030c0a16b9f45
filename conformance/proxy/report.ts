import type { Spec } from '../contract/spec.ts';
import type { CheckInfo, Severity } from '../rules/rule.ts';
import { type Coverage, createCoverage, minCoverageProblem } from '../run/coverage.ts';
import type { CheckResult, Summary } from '../run/events.ts';
import { countBySeverity } from '../run/summary.ts';
import { ALL_RULES } from './rules.ts';
import type { Secrets } from './secrets.ts';

/** What the proxy observed that breaks a rule (or, for `info`, what it records), redacted. */
export interface ProxyViolation {
  seq: number;
  /** The operation of the spec (operationId null for an undocumented one), method and path template. */
  operation: { operationId: string | null; method: string; path: string };
  /** The request as the client sent it: method and target (query included). */
  request: string;
  check: string;
  severity: Severity;
  message: string;
  curl: string;
  /** The trace id of the client's `traceparent`, when it sent a valid one: where to find it in your traces. */
  traceId?: string;
}

export interface ProxyReport {
  tool: 'petstore-conformance';
  mode: 'proxy';
  upstream: string;
  startedAt: string;
  /** Requests forwarded (or answered 502/504 because the upstream failed). */
  exchanges: number;
  /** Exchanges that matched an operation of the spec and were graded. */
  graded: number;
  /** Exchanges the upstream did not answer (the proxy answered 502 or 504). */
  upstreamFailures: number;
  summary: Summary;
  /** Which documented (operation, status) pairs the traffic produced, and what else it got. */
  coverage: Coverage;
  violations: ProxyViolation[];
  /** Violations beyond the kept maximum, counted but not listed. */
  violationsNotListed: number;
}

/** Enough to read any CI log; the counts stay exact beyond it. */
const MAX_KEPT = 10_000;
const MAX_IN_MESSAGE = 5;

/** Collects what the proxy saw; everything it hands out is redacted with every secret seen so far. */
export function createRecorder(options: {
  upstream: string;
  startedAt: string;
  secrets: Secrets;
  spec: Spec;
  /** Fail the summary when the traffic saw fewer documented (operation, status) pairs than this percentage. */
  minCoverage?: number;
}) {
  const coverage = createCoverage(options.spec);
  const kept: ProxyViolation[] = [];
  const appliedCount = new Map<string, number>();
  const failedBy = new Map<string, ProxyViolation[]>();
  let notListed = 0;
  let exchanges = 0;
  let graded = 0;
  let upstreamFailures = 0;
  const redact = (v: ProxyViolation): ProxyViolation => ({
    ...v,
    request: options.secrets.redact(v.request),
    operation: { ...v.operation, path: options.secrets.redact(v.operation.path) },
    message: options.secrets.redact(v.message),
    curl: options.secrets.redact(v.curl),
  });

  function results(): CheckResult[] {
    return ALL_RULES.map((rule: CheckInfo): CheckResult => {
      const found = failedBy.get(rule.id) ?? [];
      const applied = appliedCount.get(rule.id) ?? 0;
      const listed = found
        .slice(0, MAX_IN_MESSAGE)
        .map(
          (v) => `${v.operation.operationId ?? '-'}: ${v.message}${v.traceId ? ` (trace ${v.traceId})` : ''}`,
        );
      if (found.length > listed.length) listed.push(`and ${found.length - listed.length} more`);
      const status =
        applied === 0 ? 'skipped' : found.length > 0 && rule.severity !== 'info' ? 'failed' : 'passed';
      const message =
        applied === 0
          ? 'no exchange of this kind was seen'
          : found.length > 0
            ? listed.join('; ')
            : `${applied} exchange(s) graded`;
      return { ...rule, status, message: options.secrets.redact(message), exchanges: [], durationMs: 0 };
    });
  }

  function summary(): Summary {
    const checks = results();
    const counts = countBySeverity(checks);
    const seen = coverage.result();
    const problem = minCoverageProblem(seen, options.minCoverage);
    const failed = counts.must.failed > 0 || problem !== undefined;
    return {
      outcome: failed ? 'failed' : 'passed',
      exitCode: failed ? 1 : 0,
      strict: false,
      total: checks.length,
      counts,
      durationMs: 0,
      coverage: seen,
      ...(problem ? { gateFailures: [problem] } : {}),
    };
  }

  return {
    /**
     * Counts one exchange; `applied` are the ids of the rules it was graded by, `answer` the operation and the
     * status it answered (for coverage).
     */
    exchange(
      kind: 'graded' | 'not graded' | 'upstream failed',
      applied: readonly string[] = [],
      answer?: { operationId: string; status: number },
    ): void {
      exchanges++;
      if (answer) coverage.observe(answer.operationId, answer.status);
      if (kind === 'graded') graded++;
      if (kind === 'upstream failed') upstreamFailures++;
      for (const id of applied) appliedCount.set(id, (appliedCount.get(id) ?? 0) + 1);
    },
    /** Keeps one violation (up to the maximum) and returns it redacted, for the log. */
    violation(violation: ProxyViolation): ProxyViolation {
      const list = failedBy.get(violation.check) ?? [];
      failedBy.set(violation.check, list);
      if (list.length < MAX_KEPT) list.push(violation);
      if (kept.length < MAX_KEPT) kept.push(violation);
      else notListed++;
      return redact(violation);
    },
    results,
    summary,
    report(durationMs: number): ProxyReport {
      const { coverage: seen, ...rest } = summary();
      return {
        tool: 'petstore-conformance',
        mode: 'proxy',
        upstream: options.upstream,
        startedAt: options.startedAt,
        exchanges,
        graded,
        upstreamFailures,
        summary: { ...rest, durationMs },
        coverage: seen ?? coverage.result(),
        violations: kept.map(redact),
        violationsNotListed: notListed,
      };
    },
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
