import type { CredentialSourceName } from '../http/credential.ts';
import { describeNotRun, describeOrderIds, describeOrders } from '../output/orders.ts';
import { escapeControls } from '../output/text.ts';
import type { Coverage } from '../run/coverage.ts';
import type { ConformanceEvent, Reporter, Summary } from '../run/events.ts';
import {
  coverageLine,
  coverageRows,
  isFailure,
  type Outcome,
  outcomeOf,
  reproduceCommands,
  traceIdsOf,
} from './outcome.ts';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** Longest message line; the JSON report keeps the whole message. */
const MAX_LINE = 2000;

/** A message on one line: a server's text can neither start a line nor move the cursor. */
const oneLine = (text: string): string => {
  const safe = escapeControls(text);
  return safe.length > MAX_LINE ? `${safe.slice(0, MAX_LINE)}…` : safe;
};

/** The start's line on the credential: where it comes from, never what it is. */
const CREDENTIAL_SAID: Record<CredentialSourceName | 'none', string> = {
  none: 'API key: not given',
  'api-key': 'API key: given (redacted in every report)',
  'api-key-file': 'API key: from the key file (redacted in every report)',
  'token-command': 'token: from --token-command, fetched again before it expires (redacted in every report)',
  oauth: 'token: OAuth 2.0 client credentials, fetched again before it expires (redacted in every report)',
};

type Tag = 'PASS' | 'FAIL' | 'WARN' | 'SKIP' | 'INFO' | 'XFAIL' | 'STALE' | 'ERROR';
const TAGS: Record<Outcome, Tag> = {
  pass: 'PASS',
  fail: 'FAIL',
  warn: 'WARN',
  skip: 'SKIP',
  info: 'INFO',
  expected: 'XFAIL',
  stale: 'STALE',
};
const COLORS: Record<Tag, string> = {
  PASS: '32',
  FAIL: '31',
  ERROR: '31',
  STALE: '31',
  WARN: '33',
  XFAIL: '35',
  SKIP: '2',
  INFO: '36',
};

/**
 * Console report: one line per check as it finishes, reproduce lines and trace ids for failures, coverage,
 * and a summary by severity. With `color` the tags are coloured (the CLI decides: a terminal, NO_COLOR,
 * FORCE_COLOR; never a file).
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
        write(`  ${CREDENTIAL_SAID[event.credential ?? 'none']}\n`);
        if (event.explore) {
          const { seed, maxRequests, allowWrites } = event.explore;
          write(
            `  explore: seed ${seed}, up to ${maxRequests} requests${allowWrites ? ', writes to the given ids allowed' : ''}\n`,
          );
        }
        if (event.expectedFailures) {
          const { source, entries } = event.expectedFailures;
          write(`  expected failures: ${entries} listed in ${oneLine(source)}\n`);
        }
        write(`  ${event.checks.length} checks\n\n`);
      } else if (event.type === 'check') {
        const { result } = event;
        const outcome = outcomeOf(result, strict);
        const tag = TAGS[outcome];
        const counter = `[${String(event.index + 1).padStart(2)}/${event.total}]`;
        const reason = result.expected?.reason ? ` (expected: ${oneLine(result.expected.reason)})` : '';
        const orders = result.orderIds ? ` (${describeOrderIds(result.orderIds)})` : '';
        write(
          `${counter} ${paint(tag)} ${result.severity.padEnd(6)} ${result.id} — ${oneLine(result.message)}${reason}${orders}\n`,
        );
        for (const line of result.expected?.stale ?? []) write(`       ${oneLine(line)}\n`);
        if (!isFailure(outcome)) return;
        // Exploration findings carry their own reproduce command in the message, already on this line.
        const commands = exploring ? [] : reproduceCommands(result, false);
        if (commands.length > 0)
          write(`       Reproduce with:\n${commands.map((c) => `         ${oneLine(c)}\n`).join('')}`);
        const traces = traceIdsOf(result);
        if (traces.length > 0) write(`       Trace id: ${traces.join(', ')}\n`);
      } else if (event.type === 'finished') {
        const { summary } = event;
        if (summary.coverage) write(`\n${formatCoverage(summary.coverage)}`);
        const text = formatSummary(summary);
        const verdict = summary.outcome === 'passed' ? 'PASS' : summary.exitCode === 1 ? 'FAIL' : 'ERROR';
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

/** The coverage table: each operation's documented statuses, seen or not, and what else it answered. */
export function formatCoverage(coverage: Coverage): string {
  const rows = coverageRows(coverage);
  const width = Math.max(...rows.map((r) => r.operationId.length), 9);
  const lines = rows.map((r) => {
    const seen = r.documented
      ? r.seen > 0
        ? `seen ${r.seen}×`
        : 'NOT SEEN'
      : `undocumented, seen ${r.seen}×`;
    return `  ${r.operationId.padEnd(width)} ${r.status.padEnd(7)} ${seen}`;
  });
  return `Coverage: ${coverageLine(coverage)}\n${lines.join('\n')}\n`;
}

export function formatSummary(summary: Summary): string {
  if (summary.outcome === 'unreachable') {
    return `Cannot run: ${oneLine(summary.error ?? '')}\nResult: ERROR (exit 2) after ${seconds(summary.durationMs)}`;
  }
  const { must, should, info } = summary.counts;
  const expected = (count: { expected?: number }) => (count.expected ? `, ${count.expected} expected` : '');
  const lines = [
    'Summary by severity',
    `  must    ${must.passed} passed, ${must.failed} failed${expected(must)}, ${must.skipped} skipped`,
    `  should  ${should.passed} passed, ${should.failed} ${summary.strict ? 'failed' : 'warnings'}${expected(should)}, ${should.skipped} skipped`,
    `  info    ${info.passed} observed, ${info.skipped} skipped${info.failed ? `, ${info.failed} crashed` : ''}`,
  ];
  const passed = must.passed + should.passed + info.passed;
  const failed = must.failed + should.failed + info.failed;
  const skipped = must.skipped + should.skipped + info.skipped;
  const credential = summary.credential;
  if (credential && (credential.source === 'token-command' || credential.source === 'oauth')) {
    lines.push(`  token refreshed (${credential.refreshes}×)`);
  }
  const expectedTotal = (must.expected ?? 0) + (should.expected ?? 0) + (info.expected ?? 0);
  const ended = ENDINGS[summary.outcome];
  if (ended) lines.push(`${ended}: ${oneLine(summary.error ?? '')}`);
  for (const line of summary.gateFailures ?? []) lines.push(`Gate: ${oneLine(line)}`);
  const verdict = summary.outcome === 'passed' ? 'PASS' : summary.outcome === 'failed' ? 'FAIL' : 'ERROR';
  // Only a verdict needs it: an early end says why on its own line.
  const verdictOnly = summary.outcome === 'passed' || summary.outcome === 'failed';
  const notRun =
    summary.notRun && verdictOnly ? ` (${oneLine(describeNotRun(summary.notRun, summary.failOnSkip))})` : '';
  lines.push(
    `Result: ${verdict}${notRun} (exit ${summary.exitCode}) — ${summary.total} checks: ${passed} passed, ${failed} failed, ${expectedTotal ? `${expectedTotal} expected failures, ` : ''}${skipped} skipped in ${seconds(summary.durationMs)}`,
  );
  return lines.join('\n');
}
