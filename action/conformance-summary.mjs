// The GitHub Action's last step in `mode: conformance`: reads the suite's JSON report, appends a Markdown
// summary to $GITHUB_STEP_SUMMARY, and exits with the suite's exit code, where the failures listed in
// $EXPECTED_FAILURES no longer count (they are still reported). A listed check that passes gets a warning, so
// the list shrinks as the deployment is fixed.
//
// Usage: node conformance-summary.mjs REPORT.json SUITE_EXIT_CODE
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Check ids from the input, separated by commas or white space. */
export function parseExpectedFailures(text) {
  return (text ?? '').split(/[\s,]+/).filter(Boolean);
}

/**
 * The step's verdict: the suite's exit code, unless every failure that made it 1 was expected. Exit code 2
 * (unreachable, usage, time budget) always stands.
 */
export function grade(report, suiteExitCode, expected) {
  const failing = report.checks.filter((check) => check.status === 'failed' && counts(check, report));
  const unexpected = failing.filter((check) => !expected.includes(check.id));
  const expectedFailing = failing.filter((check) => expected.includes(check.id));
  const fixed = expected.filter(
    (id) => !report.checks.some((check) => check.id === id && check.status === 'failed'),
  );
  const exitCode = suiteExitCode === 1 && unexpected.length === 0 ? 0 : suiteExitCode;
  return { exitCode, unexpected, expectedFailing, fixed };
}

// A failed check fails the run when it is a `must`, or a `should` under --strict.
const counts = (check, report) =>
  check.severity === 'must' || (check.severity === 'should' && report.summary.strict);

const cell = (text) => String(text).replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The job summary: the outcome, counts by severity, then each failed check with what went wrong. */
export function summaryMarkdown(report, verdict) {
  const { summary } = report;
  const outcome =
    verdict.exitCode === 0 ? 'passed' : summary.outcome === 'failed' ? 'failed' : summary.outcome;
  const lines = [
    `## Conformance of ${cell(report.baseUrl ?? 'the deployment')}: ${outcome}`,
    '',
    ...(summary.error ? [`> ${cell(summary.error)}`, ''] : []),
    '| Severity | Passed | Failed | Skipped |',
    '| --- | --- | --- | --- |',
    ...Object.entries(summary.counts).map(
      ([severity, count]) => `| ${severity} | ${count.passed} | ${count.failed} | ${count.skipped} |`,
    ),
  ];
  const failed = report.checks.filter((check) => check.status === 'failed');
  if (failed.length > 0) {
    lines.push('', '| Check | Severity | What went wrong |', '| --- | --- | --- |');
    for (const check of failed) {
      const note = verdict.expectedFailing.includes(check) ? ' (expected)' : '';
      lines.push(`| \`${check.id}\`${note} | ${check.severity} | ${cell(check.message)} |`);
    }
  }
  if (verdict.fixed.length > 0) {
    lines.push(
      '',
      `Listed as expected failures but not failing: ${verdict.fixed.map((id) => `\`${id}\``).join(', ')}.`,
    );
  }
  return `${lines.join('\n')}\n`;
}

function main([reportFile, exitCodeText]) {
  const suiteExitCode = Number(exitCodeText);
  if (!reportFile || !existsSync(reportFile)) {
    console.log(`::error::no conformance report at ${reportFile} (the suite exited ${suiteExitCode})`);
    return Number.isInteger(suiteExitCode) && suiteExitCode !== 0 ? suiteExitCode : 2;
  }
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const verdict = grade(report, suiteExitCode, parseExpectedFailures(process.env.EXPECTED_FAILURES));
  if (process.env.GITHUB_STEP_SUMMARY)
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, summaryMarkdown(report, verdict));
  for (const id of verdict.fixed) {
    console.log(`::warning::${id} is listed in expected-failures but did not fail; remove it from the list`);
  }
  for (const check of verdict.expectedFailing) console.log(`::notice::${check.id} failed, as expected`);
  return verdict.exitCode;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = main(process.argv.slice(2));
