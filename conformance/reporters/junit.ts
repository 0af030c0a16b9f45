import { describeOrders } from '../output/orders.ts';
import { xmlSafe } from '../output/text.ts';
import type { Severity } from '../rules/rule.ts';
import type { CheckResult, ConformanceEvent, Reporter, Summary } from '../run/events.ts';

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

/**
 * JUnit XML: one testsuite per severity, one testcase per check. A `should` failure is a <failure> only with
 * --strict (otherwise it is reported in system-out as a warning), so CI marks a build red exactly when the
 * CLI exits 1.
 */
export function createJunitReporter(options: { strict?: boolean } = {}): Reporter & { output(): string } {
  const strict = options.strict ?? false;
  const results: CheckResult[] = [];
  let summary: Summary | undefined;
  let orders: string | undefined;

  /** The orders a check used, as testcase properties (what pytest's record_property writes; CI tools show them). */
  const properties = (r: CheckResult): string =>
    r.orderIds
      ? `\n      <properties>\n        <property name="orders" value="${escapeXml(r.orderIds.join(', '))}"/>\n      </properties>`
      : '';

  const testcase = (r: CheckResult): string => {
    const open = `    <testcase name="${escapeXml(`${r.id}: ${r.title}`)}" classname="petstore-conformance.${r.severity}" time="${seconds(r.durationMs)}"`;
    const head = `${open}>${properties(r)}\n      `;
    const message = escapeXml(r.message);
    const fails = r.status === 'failed' && (r.severity === 'must' || (r.severity === 'should' && strict));
    if (fails)
      return `${head}<failure message="${message}" type="${r.severity}">${message}\n${escapeXml(`Reference: ${r.reference}`)}</failure>\n    </testcase>`;
    if (r.status === 'skipped' && summary?.failOnSkip) {
      // --fail-on-skip: the run failed because of it, so CI shows it as a failure.
      const text = escapeXml(`not run, and --fail-on-skip is set: ${r.message}`);
      return `${head}<failure message="${text}" type="skipped">${text}</failure>\n    </testcase>`;
    }
    if (r.status === 'skipped') return `${head}<skipped message="${message}"/>\n    </testcase>`;
    const note = r.status === 'failed' ? `WARNING (${r.severity}): ${r.message}` : r.message;
    return `${head}<system-out>${escapeXml(note)}</system-out>\n    </testcase>`;
  };

  const suite = (name: string, cases: string[], failures: number, skipped: number, ms: number): string => {
    const shown = orders
      ? `\n    <properties>\n      <property name="orders" value="${escapeXml(orders)}"/>\n    </properties>`
      : '';
    return `  <testsuite name="${escapeXml(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(ms)}">${shown}\n${cases.join('\n')}\n  </testsuite>`;
  };

  return {
    handle(event: ConformanceEvent) {
      if (event.type === 'started' && event.orders) orders = describeOrders(event.orders);
      else if (event.type === 'check') results.push(event.result);
      else if (event.type === 'finished') summary = event.summary;
    },
    output() {
      const suites: string[] = [];
      const errored = summary && ERRORED[summary.outcome];
      if (summary && errored) {
        const error = escapeXml(summary.error ?? summary.outcome);
        const name = errored;
        const reach = `    <testcase name="${name}" classname="petstore-conformance">\n      <error message="${error}">${error}</error>\n    </testcase>`;
        suites.push(
          `  <testsuite name="petstore-conformance" tests="1" failures="0" errors="1" skipped="0" time="0">\n${reach}\n  </testsuite>`,
        );
      }
      for (const severity of ['must', 'should', 'info'] as Severity[]) {
        const of = results.filter((r) => r.severity === severity);
        if (of.length === 0) continue;
        const skipsFail = summary?.failOnSkip === true;
        const failures = of.filter(
          (r) =>
            (r.status === 'failed' && (severity === 'must' || (severity === 'should' && strict))) ||
            (r.status === 'skipped' && skipsFail),
        );
        const skipped = skipsFail ? 0 : of.filter((r) => r.status === 'skipped').length;
        const ms = of.reduce((total, r) => total + r.durationMs, 0);
        suites.push(
          suite(`petstore-conformance ${severity}`, of.map(testcase), failures.length, skipped, ms),
        );
      }
      return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="petstore-conformance">\n${suites.join('\n')}\n</testsuites>\n`;
    },
  };
}
