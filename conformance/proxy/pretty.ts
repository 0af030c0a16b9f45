import { formatSummary } from '../reporters/pretty.ts';
import type { Summary } from '../types.ts';
import type { ProxyReport, ProxyViolation } from './report.ts';

const LABEL = { must: 'FAIL', should: 'WARN', info: 'INFO' } as const;

/**
 * Control characters from the upstream (ESC sequences, CR, a line start such as `::error`) would let a server
 * rewrite the console; they are shown escaped.
 */
const printable = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters to escape.
  text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);

/** One line per violation as it happens, with the curl that repeats it (must and should only). */
export function formatViolation(v: ProxyViolation): string {
  const operation = v.operation.operationId ?? 'no operation';
  const line = `${LABEL[v.severity]} ${v.severity.padEnd(6)} ${v.check} (${operation}) — ${printable(v.message)}\n`;
  return v.severity === 'info' ? line : `${line}       Reproduce with: ${printable(v.curl)}\n`;
}

export function formatBanner(url: string, upstream: string): string {
  return [
    `petstore-conformance proxy: ${url}/v1 → ${upstream}`,
    `  report: GET ${url}/__conformance/report`,
    '  every request under /v1 is forwarded unchanged and graded against the spec',
    '  stop with Ctrl-C (SIGINT) or SIGTERM to write the reports and the summary',
    '',
  ].join('\n');
}

export function formatProxySummary(report: ProxyReport, summary: Summary): string {
  const bySeverity = (s: string) => report.violations.filter((v) => v.severity === s).length;
  return [
    `${report.exchanges} exchange(s) forwarded, ${report.graded} graded, ${report.upstreamFailures} upstream failure(s)`,
    `violations: ${bySeverity('must')} must, ${bySeverity('should')} should, ${bySeverity('info')} info`,
    formatSummary(summary),
    '',
  ].join('\n');
}
