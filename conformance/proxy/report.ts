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
  /**
   * For a rule graded across exchanges: the sequence numbers of the exchanges the finding rests on, this one
   * last (the n-th exchange the proxy forwarded, as in `--har`).
   */
  exchanges?: number[];
}

export interface ProxyReport {
  tool: 'petstore-conformance';
  /** `proxy`: live traffic; `har`: a recording (`grade --har`), whose file `upstream` names. */
  mode: 'proxy' | 'har';
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
  /** Violations beyond the kept maximum (10,000, or 8 Mi characters of text), counted but not listed. */
  violationsNotListed: number;
}

/** Enough to read any CI log; the counts stay exact beyond it. */
const MAX_KEPT = 10_000;
/** What the kept violations may hold in all: the report is read by people and parsed in CI, never gigabytes. */
const MAX_KEPT_CHARACTERS = 8 * 1024 * 1024;
/** One quoted text (a target, a message, a curl line) is cut beyond this. */
const MAX_FIELD_CHARACTERS = 2048;
const MAX_IN_MESSAGE = 5;

/** Cuts a text already redacted, saying how much is left out. */
function cut(text: string): string {
  if (text.length <= MAX_FIELD_CHARACTERS) return text;
  return `${text.slice(0, MAX_FIELD_CHARACTERS)}… (${text.length - MAX_FIELD_CHARACTERS} more characters)`;
}

const sizeOf = (v: ProxyViolation): number =>
  v.request.length + v.operation.path.length + v.message.length + v.curl.length + 200;

/** Collects what the proxy saw; everything it hands out is redacted with every secret seen so far. */
export function createRecorder(options: {
  upstream: string;
  startedAt: string;
  secrets: Secrets;
  spec: Spec;
  /** Fail the summary when the traffic saw fewer documented (operation, status) pairs than this percentage. */
  minCoverage?: number;
  mode?: ProxyReport['mode'];
}) {
  const coverage = createCoverage(options.spec);
  const kept: ProxyViolation[] = [];
  let keptCharacters = 0;
  const appliedCount = new Map<string, number>();
  /** The first few violations of each rule (what its result quotes) and how many there were. */
  const failedBy = new Map<string, { first: ProxyViolation[]; count: number }>();
  let notListed = 0;
  let exchanges = 0;
  let graded = 0;
  let upstreamFailures = 0;
  // Redacted before it is cut, so that a cut never leaves a prefix of a secret the redaction cannot match;
  // redacted again when handed out, with the secrets seen since.
  const redact = (v: ProxyViolation): ProxyViolation => ({
    ...v,
    request: options.secrets.redact(v.request),
    operation: { ...v.operation, path: options.secrets.redact(v.operation.path) },
    message: options.secrets.redact(v.message),
    curl: options.secrets.redact(v.curl),
  });
  const bounded = (v: ProxyViolation): ProxyViolation => {
    const r = redact(v);
    return {
      ...r,
      request: cut(r.request),
      operation: { ...r.operation, path: cut(r.operation.path) },
      message: cut(r.message),
      curl: cut(r.curl),
    };
  };

  function results(): CheckResult[] {
    return ALL_RULES.map((rule: CheckInfo): CheckResult => {
      const found = failedBy.get(rule.id) ?? { first: [], count: 0 };
      const applied = appliedCount.get(rule.id) ?? 0;
      const listed = found.first.map(
        (v) => `${v.operation.operationId ?? '-'}: ${v.message}${v.traceId ? ` (trace ${v.traceId})` : ''}`,
      );
      if (found.count > listed.length) listed.push(`and ${found.count - listed.length} more`);
      const status =
        applied === 0 ? 'skipped' : found.count > 0 && rule.severity !== 'info' ? 'failed' : 'passed';
      const message =
        applied === 0
          ? 'no exchange of this kind was seen'
          : found.count > 0
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
    /**
     * Keeps one violation, cut to size, while the kept ones stay within their count and characters (beyond,
     * it is counted only); returns it redacted and cut, for the log.
     */
    violation(violation: ProxyViolation): ProxyViolation {
      const small = bounded(violation);
      const ofRule = failedBy.get(violation.check) ?? { first: [], count: 0 };
      failedBy.set(violation.check, ofRule);
      ofRule.count++;
      if (ofRule.first.length < MAX_IN_MESSAGE) ofRule.first.push(small);
      const size = sizeOf(small);
      if (kept.length < MAX_KEPT && keptCharacters + size <= MAX_KEPT_CHARACTERS) {
        kept.push(small);
        keptCharacters += size;
      } else notListed++;
      return small;
    },
    results,
    summary,
    report(durationMs: number): ProxyReport {
      const { coverage: seen, ...rest } = summary();
      return {
        tool: 'petstore-conformance',
        mode: options.mode ?? 'proxy',
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
