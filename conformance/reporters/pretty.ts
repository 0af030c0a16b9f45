import type { CredentialSourceName } from '../http/credential.ts';
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

/** The start's line on the credential: where it comes from, never what it is. */
const CREDENTIAL_SAID: Record<CredentialSourceName | 'none', string> = {
  none: 'API key: not given',
  'api-key': 'API key: given (redacted in every report)',
  'api-key-file': 'API key: from the key file (redacted in every report)',
  'token-command': 'token: from --token-command, fetched again before it expires (redacted in every report)',
  oauth: 'token: OAuth 2.0 client credentials, fetched again before it expires (redacted in every report)',
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
            : '  mode: opt-in state changes (the given order ids are cancelled or tried)\n',
        );
        write(`  ${CREDENTIAL_SAID[event.credential ?? 'none']}\n`);
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
        write(
          `${counter} ${paint(tag)} ${result.severity.padEnd(6)} ${result.id} — ${oneLine(result.message)}\n`,
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
  const credential = summary.credential;
  if (credential && (credential.source === 'token-command' || credential.source === 'oauth')) {
    lines.push(`  token refreshed (${credential.refreshes}×)`);
  }
  if (summary.outcome === 'incomplete') lines.push(`Incomplete: ${oneLine(summary.error ?? '')}`);
  const verdict = summary.outcome === 'passed' ? 'PASS' : summary.outcome === 'failed' ? 'FAIL' : 'ERROR';
  lines.push(
    `Result: ${verdict} (exit ${summary.exitCode}) — ${summary.total} checks: ${passed} passed, ${failed} failed, ${skipped} skipped in ${seconds(summary.durationMs)}`,
  );
  return lines.join('\n');
}
