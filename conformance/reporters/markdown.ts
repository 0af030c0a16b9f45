import { codeBlock, escapeHtml, markdownText } from '../output/markup.ts';
import { describeOrders } from '../output/orders.ts';
import { escapeControls } from '../output/text.ts';
import type { Severity } from '../rules/rule.ts';
import type { CheckResult, Reporter, Summary } from '../run/events.ts';
import { collectRun } from './collect.ts';
import {
  coverageLine,
  coverageRows,
  isFailure,
  OUTCOME_LABELS,
  outcomeOf,
  reproduceCommands,
  traceIdsOf,
} from './outcome.ts';

/** Failures shown with their details; a job summary has a size limit (1 MiB a step on GitHub). */
const MAX_DETAILED = 50;

const VERDICTS: Record<Summary['outcome'], string> = {
  passed: 'passed',
  failed: 'failed',
  unreachable: 'could not run',
  incomplete: 'incomplete',
  interrupted: 'interrupted',
  'teardown-failed': 'teardown failed',
};

/** One-line HTML text (a `<summary>` is HTML, where Markdown escapes would show). */
const htmlLine = (text: string, max = 300): string => {
  const chars = [...escapeControls(text)];
  return escapeHtml(chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join(''));
};

/**
 * GitHub-flavoured Markdown, for a CI job summary: the verdict, counts, one table per severity, each failure
 * with its curl repro and trace id in a collapsed block, and coverage. Every text from the server is escaped.
 */
export function createMarkdownReporter(options: { strict?: boolean } = {}): Reporter & { output(): string } {
  const strict = options.strict ?? false;
  const { run, handle } = collectRun();
  return {
    handle,
    output() {
      const { started, summary, results } = run;
      const lines: string[] = [];
      const target = markdownText(started?.baseUrl ?? 'the deployment', 200);
      const verdict = summary ? `${VERDICTS[summary.outcome]} (exit ${summary.exitCode})` : 'did not finish';
      lines.push(`## Conformance of ${target}: ${verdict}`, '');
      if (started?.explore) lines.push(`Exploration with seed ${started.explore.seed}.`, '');
      if (started?.orders) lines.push(`Orders: ${markdownText(describeOrders(started.orders))}.`, '');
      if (started?.expectedFailures)
        lines.push(
          `${started.expectedFailures.entries} expected failure(s) listed in \`${started.expectedFailures.source.replaceAll('`', "'")}\`.`,
          '',
        );
      if (summary?.error) lines.push(`> ${markdownText(summary.error)}`, '');
      for (const line of summary?.gateFailures ?? []) lines.push(`- **Gate:** ${markdownText(line, 2000)}`);
      if (summary?.gateFailures) lines.push('');
      if (summary) lines.push(...countsTable(summary), '');
      for (const severity of ['must', 'should', 'info'] as Severity[]) {
        const of = results.filter((r) => r.severity === severity);
        if (of.length === 0) continue;
        lines.push(`### ${severity}`, '', '| Check | Outcome | What was seen |', '| --- | --- | --- |');
        for (const r of of) {
          const outcome = OUTCOME_LABELS[outcomeOf(r, strict)];
          const reason = r.expected?.reason ? ` (${markdownText(r.expected.reason, 200)})` : '';
          lines.push(`| \`${r.id}\` | ${outcome}${reason} | ${markdownText(r.message)} |`);
        }
        lines.push('');
      }
      const failures = results.filter((r) => isFailure(outcomeOf(r, strict)));
      if (failures.length > 0) {
        lines.push('### Failures', '');
        for (const r of failures.slice(0, MAX_DETAILED)) lines.push(...details(r), '');
        if (failures.length > MAX_DETAILED)
          lines.push(`${failures.length - MAX_DETAILED} more failure(s): see the JSON or HTML report.`, '');
      }
      if (summary?.coverage) {
        lines.push(`### Coverage: ${coverageLine(summary.coverage)}`, '');
        lines.push('| Operation | Status | Seen |', '| --- | --- | --- |');
        for (const row of coverageRows(summary.coverage)) {
          const status = row.documented ? row.status : `${row.status} (undocumented)`;
          const seen = row.seen > 0 ? String(row.seen) : row.documented ? '**never**' : '0';
          lines.push(`| \`${row.operationId}\` ${markdownText(row.route)} | ${status} | ${seen} |`);
        }
        lines.push('');
      }
      return `${lines.join('\n')}\n`;
    },
  };

  function details(r: CheckResult): string[] {
    const outcome = OUTCOME_LABELS[outcomeOf(r, strict)];
    const traces = traceIdsOf(r);
    const curl = reproduceCommands(r, run.started?.explore !== undefined);
    return [
      `<details><summary><code>${escapeHtml(r.id)}</code> (${r.severity}, ${outcome}): ${htmlLine(r.message)}</summary>`,
      '',
      markdownText(r.message, 4000),
      '',
      `Rests on: ${markdownText(r.reference)}`,
      ...(traces.length > 0 ? ['', `Trace id: ${traces.map((t) => `\`${t}\``).join(', ')}`] : []),
      ...(curl.length > 0 ? ['', 'Reproduce with:', '', codeBlock(curl, 'sh')] : []),
      '',
      '</details>',
    ];
  }
}

function countsTable(summary: Summary): string[] {
  const rows = (['must', 'should', 'info'] as Severity[]).map((severity) => {
    const c = summary.counts[severity];
    return `| ${severity} | ${c.passed} | ${c.failed} | ${c.expected ?? 0} | ${c.skipped} |`;
  });
  return [
    '| Severity | Passed | Failed | Expected failures | Skipped |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ];
}
