import { describeOrders } from '../output/orders.ts';
import { xmlSafe } from '../output/text.ts';
import type { Severity } from '../rules/rule.ts';
import type { Coverage } from '../run/coverage.ts';
import type { CheckResult, Reporter, Summary } from '../run/events.ts';
import { collectRun } from './collect.ts';
import { coverageLine, outcomeOf, traceIdsOf } from './outcome.ts';

const escapeXml = (text: string): string =>
  xmlSafe(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/** The outcomes CI should see as an error, with the testcase that holds it. */
const ERRORED: Partial<Record<Summary['outcome'], string>> = {
  unreachable: 'target is reachable and is this API',
  incomplete: 'the run ends within --max-time',
  interrupted: 'the run is not interrupted',
  'teardown-failed': 'the teardown cleans up',
};

/** A `<properties>` element naming the orders (what pytest's record_property writes; CI tools show them). */
const ordersProperty = (value: string, indent: string): string =>
  `\n${indent}<properties>\n${indent}  <property name="orders" value="${escapeXml(value)}"/>\n${indent}</properties>`;

/**
 * JUnit XML: one testsuite per severity, one testcase per check. A `should` failure is a <failure> only with
 * --strict (otherwise it is reported in system-out as a warning), so CI marks a build red exactly when the
 * CLI exits 1. An expected failure is skipped with type `expected-failure` (as pytest writes an xfail); a
 * stale one is a failure. Coverage is a testsuite of properties, with a testcase for `--min-coverage`.
 */
export function createJunitReporter(options: { strict?: boolean } = {}): Reporter & { output(): string } {
  const strict = options.strict ?? false;
  const { run, handle } = collectRun();

  const testcase = (r: CheckResult): string => {
    const opening = `    <testcase name="${escapeXml(`${r.id}: ${r.title}`)}" classname="petstore-conformance.${r.severity}" time="${seconds(r.durationMs)}"`;
    // The orders a check used, before what happened to it.
    const head = `${opening}>${r.orderIds ? ordersProperty(r.orderIds.join(', '), '      ') : ''}`;
    const message = escapeXml(r.message);
    const traces = traceIdsOf(r);
    const trace = traces.length > 0 ? `\nTrace id: ${traces.join(', ')}` : '';
    const outcome = outcomeOf(r, strict);
    if (outcome === 'fail')
      return `${head}\n      <failure message="${message}" type="${r.severity}">${message}\n${escapeXml(`Reference: ${r.reference}${trace}`)}</failure>\n    </testcase>`;
    if (outcome === 'stale') {
      const stale = escapeXml((r.expected?.stale ?? []).join('; '));
      return `${head}\n      <failure message="${stale}" type="stale">${stale}</failure>\n    </testcase>`;
    }
    if (outcome === 'expected') {
      const why = escapeXml(
        `expected failure${r.expected?.reason ? ` (${r.expected.reason})` : ''}: ${r.message}`,
      );
      return `${head}\n      <skipped type="expected-failure" message="${why}"/>\n      <system-out>${escapeXml(`${r.message}${trace}`)}</system-out>\n    </testcase>`;
    }
    if (outcome === 'skip' && run.summary?.failOnSkip) {
      // --fail-on-skip: the run failed because of it, so CI shows it as a failure.
      const text = escapeXml(`not run, and --fail-on-skip is set: ${r.message}`);
      return `${head}\n      <failure message="${text}" type="skipped">${text}</failure>\n    </testcase>`;
    }
    if (outcome === 'skip') return `${head}\n      <skipped message="${message}"/>\n    </testcase>`;
    const note = outcome === 'warn' ? `WARNING (${r.severity}): ${r.message}${trace}` : r.message;
    return `${head}\n      <system-out>${escapeXml(note)}</system-out>\n    </testcase>`;
  };

  const suite = (name: string, cases: string[], failures: number, skipped: number, ms: number): string => {
    const orders = run.started?.orders ? ordersProperty(describeOrders(run.started.orders), '    ') : '';
    return `  <testsuite name="${escapeXml(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(ms)}">${orders}\n${cases.join('\n')}\n  </testsuite>`;
  };

  return {
    handle,
    output() {
      const { results, summary } = run;
      const suites: string[] = [];
      const name = summary && ERRORED[summary.outcome];
      if (summary && name) {
        const error = escapeXml(summary.error ?? summary.outcome);
        const reach = `    <testcase name="${name}" classname="petstore-conformance">\n      <error message="${error}">${error}</error>\n    </testcase>`;
        suites.push(
          `  <testsuite name="petstore-conformance" tests="1" failures="0" errors="1" skipped="0" time="0">\n${reach}\n  </testsuite>`,
        );
      }
      for (const severity of ['must', 'should', 'info'] as Severity[]) {
        const of = results.filter((r) => r.severity === severity);
        if (of.length === 0) continue;
        const outcomes = of.map((r) => outcomeOf(r, strict));
        const skipsFail = summary?.failOnSkip === true;
        const failures = outcomes.filter(
          (o) => o === 'fail' || o === 'stale' || (o === 'skip' && skipsFail),
        ).length;
        const skipped = outcomes.filter((o) => (o === 'skip' && !skipsFail) || o === 'expected').length;
        const ms = of.reduce((total, r) => total + r.durationMs, 0);
        suites.push(suite(`petstore-conformance ${severity}`, of.map(testcase), failures, skipped, ms));
      }
      if (summary?.coverage) suites.push(coverageSuite(summary.coverage, run.started?.minCoverage, summary));
      return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="petstore-conformance">\n${suites.join('\n')}\n</testsuites>\n`;
    },
  };

  function coverageSuite(coverage: Coverage, min: number | undefined, run: Summary): string {
    const property = (name: string, value: string | number) =>
      `      <property name="${escapeXml(name)}" value="${escapeXml(String(value))}"/>`;
    const properties = [
      property('coverage.percent', coverage.percent),
      property('coverage.seen', coverage.seen),
      property('coverage.documented', coverage.documented),
      property('coverage.unseen', coverage.unseen.join(', ')),
      ...coverage.operations.flatMap((o) => [
        ...o.documented.map((d) => property(`coverage.${o.operationId}.${d.status}`, d.seen)),
        ...o.undocumented.map((u) => property(`coverage.${o.operationId}.${u.status}.undocumented`, u.seen)),
      ]),
    ];
    const cases: string[] = [];
    if (min !== undefined) {
      const problem = run.gateFailures?.find((line) => line.startsWith('coverage '));
      const name = escapeXml(`documented (operation, status) pairs seen: at least ${min}%`);
      const head = `    <testcase name="${name}" classname="petstore-conformance.coverage" time="0"`;
      cases.push(
        problem
          ? `${head}>\n      <failure message="${escapeXml(problem)}" type="coverage">${escapeXml(problem)}</failure>\n    </testcase>`
          : `${head}>\n      <system-out>${escapeXml(coverageLine(coverage))}</system-out>\n    </testcase>`,
      );
    }
    const failed = cases.some((c) => c.includes('<failure')) ? 1 : 0;
    const body = [`    <properties>\n${properties.join('\n')}\n    </properties>`, ...cases].join('\n');
    return `  <testsuite name="petstore-conformance coverage" tests="${cases.length}" failures="${failed}" errors="0" skipped="0" time="0">\n${body}\n  </testsuite>`;
  }
}
