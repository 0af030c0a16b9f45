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

/**
 * JUnit XML: one testsuite per severity, one testcase per check. A `should` failure is a <failure> only with
 * --strict (otherwise it is reported in system-out as a warning), so CI marks a build red exactly when the
 * CLI exits 1.
 */
export function createJunitReporter(options: { strict?: boolean } = {}): Reporter & { output(): string } {
  const strict = options.strict ?? false;
  const results: CheckResult[] = [];
  let summary: Summary | undefined;

  const testcase = (r: CheckResult): string => {
    const head = `    <testcase name="${escapeXml(`${r.id}: ${r.title}`)}" classname="petstore-conformance.${r.severity}" time="${seconds(r.durationMs)}"`;
    const message = escapeXml(r.message);
    const fails = r.status === 'failed' && (r.severity === 'must' || (r.severity === 'should' && strict));
    if (fails)
      return `${head}>\n      <failure message="${message}" type="${r.severity}">${message}\n${escapeXml(`Reference: ${r.reference}`)}</failure>\n    </testcase>`;
    if (r.status === 'skipped') return `${head}>\n      <skipped message="${message}"/>\n    </testcase>`;
    const note = r.status === 'failed' ? `WARNING (${r.severity}): ${r.message}` : r.message;
    return `${head}>\n      <system-out>${escapeXml(note)}</system-out>\n    </testcase>`;
  };

  const suite = (name: string, cases: string[], failures: number, skipped: number, ms: number): string =>
    `  <testsuite name="${escapeXml(name)}" tests="${cases.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(ms)}">\n${cases.join('\n')}\n  </testsuite>`;

  return {
    handle(event: ConformanceEvent) {
      if (event.type === 'check') results.push(event.result);
      else if (event.type === 'finished') summary = event.summary;
    },
    output() {
      const suites: string[] = [];
      if (summary?.outcome === 'unreachable' || summary?.outcome === 'incomplete') {
        const error = escapeXml(summary.error ?? summary.outcome);
        const name =
          summary.outcome === 'unreachable'
            ? 'target is reachable and is this API'
            : 'the run ends within --max-time';
        const reach = `    <testcase name="${name}" classname="petstore-conformance">\n      <error message="${error}">${error}</error>\n    </testcase>`;
        suites.push(
          `  <testsuite name="petstore-conformance" tests="1" failures="0" errors="1" skipped="0" time="0">\n${reach}\n  </testsuite>`,
        );
      }
      for (const severity of ['must', 'should', 'info'] as Severity[]) {
        const of = results.filter((r) => r.severity === severity);
        if (of.length === 0) continue;
        const failures = of.filter(
          (r) => r.status === 'failed' && (severity === 'must' || (severity === 'should' && strict)),
        );
        const skipped = of.filter((r) => r.status === 'skipped').length;
        const ms = of.reduce((total, r) => total + r.durationMs, 0);
        suites.push(
          suite(`petstore-conformance ${severity}`, of.map(testcase), failures.length, skipped, ms),
        );
      }
      return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="petstore-conformance">\n${suites.join('\n')}\n</testsuites>\n`;
    },
  };
}
