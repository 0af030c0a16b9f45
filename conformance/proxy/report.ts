import type { CheckInfo, Severity } from '../rules/rule.ts';
import type { CheckResult, Summary } from '../run/events.ts';
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
  violations: ProxyViolation[];
  /** Violations beyond the kept maximum, counted but not listed. */
  violationsNotListed: number;
}

/** Enough to read any CI log; the counts stay exact beyond it. */
const MAX_KEPT = 10_000;
const MAX_IN_MESSAGE = 5;

/** Collects what the proxy saw; everything it hands out is redacted with every secret seen so far. */
export function createRecorder(options: { upstream: string; startedAt: string; secrets: Secrets }) {
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
        .map((v) => `${v.operation.operationId ?? '-'}: ${v.message}`);
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
    const counts = {} as Summary['counts'];
    for (const severity of ['must', 'should', 'info'] as Severity[]) {
      const of = checks.filter((c) => c.severity === severity);
      const count = (status: string) => of.filter((c) => c.status === status).length;
      counts[severity] = { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
    }
    const failed = counts.must.failed > 0;
    return {
      outcome: failed ? 'failed' : 'passed',
      exitCode: failed ? 1 : 0,
      strict: false,
      total: checks.length,
      counts,
      durationMs: 0,
    };
  }

  return {
    /** Counts one exchange; `applied` are the ids of the rules it was graded by. */
    exchange(kind: 'graded' | 'not graded' | 'upstream failed', applied: readonly string[] = []): void {
      exchanges++;
      if (kind === 'graded') graded++;
      if (kind === 'upstream failed') upstreamFailures++;
      for (const id of applied) appliedCount.set(id, (appliedCount.get(id) ?? 0) + 1);
    },
    /** Keeps one violation (up to the maximum) and returns it redacted, for the log. */
    violation(violation: ProxyViolation): ProxyViolation {
      // Kept redacted: the secrets of this exchange are known now, and may be forgotten by the time of a report.
      const redacted = redact(violation);
      const list = failedBy.get(violation.check) ?? [];
      failedBy.set(violation.check, list);
      if (list.length < MAX_KEPT) list.push(redacted);
      if (kept.length < MAX_KEPT) kept.push(redacted);
      else notListed++;
      return redacted;
    },
    results,
    summary,
    report(durationMs: number): ProxyReport {
      return {
        tool: 'petstore-conformance',
        mode: 'proxy',
        upstream: options.upstream,
        startedAt: options.startedAt,
        exchanges,
        graded,
        upstreamFailures,
        summary: { ...summary(), durationMs },
        violations: kept.map(redact),
        violationsNotListed: notListed,
      };
    },
  };
}

export type Recorder = ReturnType<typeof createRecorder>;
