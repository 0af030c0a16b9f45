import { escapeControls } from '../output/text.ts';
import { formatCoverage, formatSummary } from '../reporters/pretty.ts';
import type { Summary } from '../run/events.ts';
import type { ProxyReport, ProxyViolation } from './report.ts';
import { REPORT_PATH } from './server.ts';

const LABEL = { must: 'FAIL', should: 'WARN', info: 'INFO' } as const;

/**
 * One line per violation as it happens, with the curl that repeats it (must and should only); text from the
 * upstream is escaped, so a server can neither move the cursor nor start a line of its own.
 */
export function formatViolation(v: ProxyViolation): string {
  const operation = v.operation.operationId ?? 'no operation';
  const line = `${LABEL[v.severity]} ${v.severity.padEnd(6)} ${v.check} (${operation}) — ${escapeControls(v.message)}\n`;
  if (v.severity === 'info') return line;
  const trace = v.traceId ? `       Trace id: ${v.traceId}\n` : '';
  return `${line}       Reproduce with: ${escapeControls(v.curl)}\n${trace}`;
}

export function formatBanner(proxy: { url: string; baseUrl: string }, upstream: string): string {
  const basePath = proxy.baseUrl.slice(proxy.url.length) || '/';
  return [
    `petstore-conformance proxy: ${proxy.baseUrl} → ${upstream}`,
    `  report: GET ${proxy.url}${REPORT_PATH}`,
    `  every request under ${basePath} is forwarded unchanged and graded against the spec`,
    '  stop with Ctrl-C (SIGINT) or SIGTERM to write the reports and the summary',
    '',
  ].join('\n');
}

export function formatProxySummary(report: ProxyReport, summary: Summary): string {
  const bySeverity = (s: string) => report.violations.filter((v) => v.severity === s).length;
  return [
    `${report.exchanges} exchange(s) forwarded, ${report.graded} graded, ${report.upstreamFailures} upstream failure(s)`,
    `violations: ${bySeverity('must')} must, ${bySeverity('should')} should, ${bySeverity('info')} info`,
    formatCoverage(report.coverage),
    formatSummary(summary),
    '',
  ].join('\n');
}
