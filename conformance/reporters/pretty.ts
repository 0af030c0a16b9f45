import { describeNotRun, describeOrderIds, describeOrders } from '../output/orders.ts';
import { escapeControls } from '../output/text.ts';
import type { CheckResult, ConformanceEvent, Reporter, Summary } from '../run/events.ts';
import { curlFor, exchangesToReproduce } from './reproduce.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** Longest message line; the JSON report keeps the whole message. */
const MAX_LINE = 2000;

/** A message on one line: a server's text can neither start a line nor move the cursor. */
const oneLine = (text: string): string => {
  const safe = escapeControls(text);
  return safe.length > MAX_LINE ? `${safe.slice(0, MAX_LINE)}…` : safe;
};

type Tag = 'PASS' | 'FAIL' | 'WARN' | 'SKIP' | 'INFO' | 'ERROR';
const COLORS: Record<Tag, string> = {
  PASS: '32',
  FAIL: '31',
  ERROR: '31',
  WARN: '33',
  SKIP: '2',
  INFO: '36',
};

function label(result: CheckResult, strict: boolean): Tag {
  if (result.status === 'skipped') return 'SKIP';
  if (result.status === 'passed') return result.severity === 'info' ? 'INFO' : 'PASS';
  if (result.severity === 'must' || (result.severity === 'should' && strict)) return 'FAIL';
  return 'WARN';
}

/**
 * Console report: one line per check as it finishes, reproduce lines for failures, a summary by severity.
 * With `color` the tags are coloured (the CLI decides: a terminal, NO_COLOR, FORCE_COLOR; never a file).
 */
export function createPrettyReporter(
  write: (text: string) => void,
  options: { strict?: boolean; color?: boolean } = {},
): Reporter {
  const strict = options.strict ?? false;
  const paint = (tag: Tag, text: string = tag) =>
    options.color ? `\u001b[${COLORS[tag]}m${text}\u001b[0m` : text;
  let exploring = false;
  return {
    handle(event: ConformanceEvent) {
      if (event.type === 'started') {
        exploring = event.explore !== undefined;
        write(`petstore-conformance → ${oneLine(event.baseUrl)}\n`);
        write(
          event.safe
            ? '  mode: safe (reads, unauthenticated requests, DELETEs of ids proven absent; no order is cancelled)\n'
            : '  mode: opt-in state changes (only the orders below are cancelled or tried)\n',
        );
        if (event.orders) write(`  orders: ${describeOrders(event.orders)}\n`);
        write(`  API key: ${event.apiKey === 'given' ? 'given (redacted in every report)' : 'not given'}\n`);
        if (event.explore) {
          const { seed, maxRequests, allowWrites } = event.explore;
          write(
            `  explore: seed ${seed}, up to ${maxRequests} requests${allowWrites ? ', writes to the given ids allowed' : ''}\n`,
          );
        }
        write(`  ${event.checks.length} checks\n\n`);
      } else if (event.type === 'check') {
        const { result } = event;
        const tag = label(result, strict);
        const counter = `[${String(event.index + 1).padStart(2)}/${event.total}]`;
        const orders = result.orderIds ? ` (${describeOrderIds(result.orderIds)})` : '';
        write(
          `${counter} ${paint(tag)} ${result.severity.padEnd(6)} ${result.id} — ${oneLine(result.message)}${orders}\n`,
        );
        // Exploration findings carry their own reproduce command (the request's exact Authorization spelling).
        if ((tag === 'FAIL' || tag === 'WARN') && !exploring) {
          const commands = exchangesToReproduce(result.message, result.exchanges).map(curlFor);
          if (commands.length > 0)
            write(`       Reproduce with:\n${commands.map((c) => `         ${oneLine(c)}\n`).join('')}`);
        }
      } else {
        const text = formatSummary(event.summary);
        const verdict =
          event.summary.outcome === 'passed' ? 'PASS' : event.summary.exitCode === 1 ? 'FAIL' : 'ERROR';
        write(`\n${text.replace(/^Result: \w+/m, `Result: ${paint(verdict)}`)}\n`);
      }
    },
  };
}

/** The line that says how a run ended early or badly, by outcome. */
const ENDINGS: Partial<Record<Summary['outcome'], string>> = {
  incomplete: 'Incomplete',
  interrupted: 'Interrupted',
  'teardown-failed': 'Teardown failed',
};

export function formatSummary(summary: Summary): string {
  if (summary.outcome === 'unreachable') {
    return `Cannot run: ${oneLine(summary.error ?? '')}\nResult: ERROR (exit 2) after ${seconds(summary.durationMs)}`;
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
  const ended = ENDINGS[summary.outcome];
  if (ended) lines.push(`${ended}: ${oneLine(summary.error ?? '')}`);
  const verdict = summary.outcome === 'passed' ? 'PASS' : summary.outcome === 'failed' ? 'FAIL' : 'ERROR';
  // Only a verdict needs it: an early end says why on its own line.
  const verdictOnly = summary.outcome === 'passed' || summary.outcome === 'failed';
  const notRun =
    summary.notRun && verdictOnly ? ` (${oneLine(describeNotRun(summary.notRun, summary.failOnSkip))})` : '';
  lines.push(
    `Result: ${verdict}${notRun} (exit ${summary.exitCode}) — ${summary.total} checks: ${passed} passed, ${failed} failed, ${skipped} skipped in ${seconds(summary.durationMs)}`,
  );
  return lines.join('\n');
}
