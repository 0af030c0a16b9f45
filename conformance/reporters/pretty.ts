import type { CheckResult, ConformanceEvent, Reporter, Summary } from '../types.ts';
import { curlFor, exchangesToReproduce } from './curl.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function label(result: CheckResult, strict: boolean): string {
  if (result.status === 'skipped') return 'SKIP';
  if (result.status === 'passed') return result.severity === 'info' ? 'INFO' : 'PASS';
  if (result.severity === 'must' || (result.severity === 'should' && strict)) return 'FAIL';
  return 'WARN';
}

/** Console report: one line per check as it finishes, reproduce lines for failures, a summary by severity. */
export function createPrettyReporter(
  write: (text: string) => void,
  options: { strict?: boolean } = {},
): Reporter {
  const strict = options.strict ?? false;
  const problems: CheckResult[] = [];
  return {
    handle(event: ConformanceEvent) {
      if (event.type === 'started') {
        write(`petstore-conformance → ${event.baseUrl}\n`);
        write(
          event.safe
            ? '  mode: safe (reads, unauthenticated requests, DELETEs of ids proven absent; no order is cancelled)\n'
            : '  mode: opt-in state changes (the given order ids are cancelled or tried)\n',
        );
        write(`  API key: ${event.apiKey === 'given' ? 'given (redacted in every report)' : 'not given'}\n`);
        write(`  ${event.checks.length} checks\n\n`);
      } else if (event.type === 'check') {
        const { result } = event;
        const tag = label(result, strict);
        const counter = `[${String(event.index + 1).padStart(2)}/${event.total}]`;
        write(`${counter} ${tag} ${result.severity.padEnd(6)} ${result.id} — ${result.message}\n`);
        if (tag === 'FAIL' || tag === 'WARN') {
          problems.push(result);
          const commands = exchangesToReproduce(result.message, result.exchanges).map(curlFor);
          if (commands.length > 0)
            write(`       Reproduce with:\n${commands.map((c) => `         ${c}\n`).join('')}`);
        }
      } else {
        write(`\n${formatSummary(event.summary)}\n`);
      }
    },
  };
}

export function formatSummary(summary: Summary): string {
  if (summary.outcome === 'unreachable') {
    return `Cannot run: ${summary.error}\nResult: ERROR (exit 2) after ${seconds(summary.durationMs)}`;
  }
  const { must, should, info } = summary.counts;
  const lines = [
    'Summary by severity',
    `  must    ${must.passed} passed, ${must.failed} failed, ${must.skipped} skipped`,
    `  should  ${should.passed} passed, ${should.failed} ${summary.strict ? 'failed' : 'warnings'}, ${should.skipped} skipped`,
    `  info    ${info.passed} observed, ${info.skipped} skipped${info.failed ? `, ${info.failed} crashed` : ''}`,
  ];
  const passed = must.passed + should.passed + info.passed;
  const failed = must.failed + should.failed + info.failed;
  const skipped = must.skipped + should.skipped + info.skipped;
  const verdict = summary.outcome === 'passed' ? 'PASS' : 'FAIL';
  lines.push(
    `Result: ${verdict} (exit ${summary.exitCode}) — ${summary.total} checks: ${passed} passed, ${failed} failed, ${skipped} skipped in ${seconds(summary.durationMs)}`,
  );
  return lines.join('\n');
}
