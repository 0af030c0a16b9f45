import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readHarFile } from '../../src/exchange/har-file.ts';
import { reporterNames } from '../cli/args.ts';
import type { Io } from '../cli/main.ts';
import { formatViolation } from '../proxy/pretty.ts';
import { eventsOf } from '../proxy/server.ts';
import { isDocumentReporter, REPORT_FILES, renderDocument } from '../reporters/files.ts';
import { formatSummary } from '../reporters/pretty.ts';
import type { CheckResult } from '../run/events.ts';
import { UsageError } from '../run/usage-error.ts';
import { gradeHar, type HarReport } from './grade.ts';

export const GRADE_USAGE = `Usage: petstore-conformance grade --har FILE [--base-url URL] [options]

Grades each Store API exchange of a HAR file (Chrome DevTools' "Export HAR", Playwright's recordHar, the
mock's GET /__mock/requests?format=har, proxy --har) with the validating proxy's checks. Entries outside the
API (pages, scripts, other services) are counted and ignored. Each finding cites the entry's index, as
DevTools lists the entries (from 0), and its request line.

Options:
  --har FILE          the HAR file
  --base-url URL      grade the entries under this URL, base path included (default: any origin, under /v1)
  --reporter NAME     pretty | json | junit | markdown | html; repeatable (default pretty)
  --output DIR        write the file reports to DIR (conformance.json, conformance.junit.xml,
                      conformance.md, conformance.html)
  -h, --help          print this help

Exit codes: 0 no must rule broken; 1 one was; 2 a usage error, a file that is not a whole HAR, or no entry
under the base URL.`;

function parse(argv: string[]) {
  let values: ReturnType<typeof flags>['values'];
  try {
    values = flags(argv).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { help: true as const };
  if (!values.har) throw new UsageError('--har FILE is required');
  const reporters = [...new Set(reporterNames(values.reporter))];
  const files = reporters.filter(isDocumentReporter);
  if (!values.output && files.length + (reporters.includes('pretty') ? 1 : 0) > 1) {
    throw new UsageError(
      'only one report can go to the console: pass --output DIR for the file reports (json, junit, markdown, html)',
    );
  }
  if (values['base-url'] !== undefined) {
    try {
      new URL(values['base-url']);
    } catch {
      throw new UsageError(`--base-url is not a URL: "${values['base-url']}"`);
    }
  }
  return {
    help: false as const,
    file: values.har,
    baseUrl: values['base-url'],
    reporters,
    files,
    output: values.output,
  };
}

const flags = (args: string[]) =>
  parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      har: { type: 'string' },
      'base-url': { type: 'string' },
      reporter: { type: 'string', multiple: true },
      output: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });

/** `petstore-conformance grade --har FILE …`: returns the exit code; every error is one line and exit 2. */
export async function gradeMain(argv: string[], io: Io): Promise<number> {
  let report: HarReport;
  let results: CheckResult[];
  let command: Exclude<ReturnType<typeof parse>, { help: true }>;
  try {
    const parsed = parse(argv);
    if (parsed.help) {
      io.stdout(`${GRADE_USAGE}\n`);
      return 0;
    }
    command = parsed;
    const records = await readHarFile(command.file).catch((error: Error & { code?: string }) => {
      throw new UsageError(`${command.file}: ${error.code === 'ENOENT' ? 'no such file' : error.message}`);
    });
    ({ report, results } = gradeHar(records, { baseUrl: command.baseUrl, source: command.file }));
    if (report.exchanges === 0) {
      const where = command.baseUrl ?? 'under /v1';
      throw new UsageError(
        `${command.file}: none of its ${report.otherEntries} entries is ${where}; give --base-url`,
      );
    }
    if (command.output) await mkdir(command.output, { recursive: true });
  } catch (error) {
    const known = error instanceof UsageError;
    io.stderr(`petstore-conformance grade: ${known ? error.message : `internal error: ${String(error)}`}\n`);
    return 2;
  }
  const print = command.reporters.includes('pretty') ? io.stdout : () => {};
  for (const violation of report.violations) print(formatViolation(violation));
  for (const name of command.files) {
    const text =
      name === 'json'
        ? `${JSON.stringify(report, null, 2)}\n`
        : renderDocument(name, eventsOf(report, results));
    if (!command.output) io.stdout(text);
    else {
      await writeFile(join(command.output, REPORT_FILES[name]), text);
      io.stderr(`petstore-conformance grade: wrote ${join(command.output, REPORT_FILES[name])}\n`);
    }
  }
  (command.reporters.includes('pretty') ? io.stdout : io.stderr)(`\n${formatHarSummary(report)}`);
  return report.summary.exitCode;
}

function formatHarSummary(report: HarReport): string {
  const bySeverity = (s: string) => report.violations.filter((v) => v.severity === s).length;
  const entries = report.exchanges + report.otherEntries;
  return [
    `${entries} entries: ${report.graded} graded, ${report.exchanges - report.graded - report.unanswered} under the API but no operation, ${report.unanswered} without an answer, ${report.otherEntries} outside the API (ignored)`,
    `violations: ${bySeverity('must')} must, ${bySeverity('should')} should, ${bySeverity('info')} info`,
    formatSummary(report.summary),
    '',
  ].join('\n');
}
