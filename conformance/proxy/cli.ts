import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type HarAppender, harAppender, harFileProblem } from '../../src/exchange/har-file.ts';
import type { ExchangeRecord } from '../../src/exchange/record.ts';
import { reporterNames } from '../cli/args.ts';
import type { Io } from '../cli/main.ts';
import { appendStepSummary } from '../cli/step-summary.ts';
import { harCreator } from '../output/har.ts';
import { jsonText } from '../output/text.ts';
import { isDocumentReporter, REPORT_FILES, renderDocument } from '../reporters/files.ts';
import { UsageError } from '../run/usage-error.ts';
import { formatBanner, formatProxySummary, formatViolation } from './pretty.ts';
import { startProxy } from './server.ts';

export const PROXY_USAGE = `Usage: petstore-conformance proxy --upstream URL [options]

Forwards every request under the upstream's base path (/v1 for https://staging.example/v1) to the
upstream unchanged and grades each exchange against spec/openapi.yaml. GET /__conformance/report on the proxy shows the report so far. On SIGINT or SIGTERM
it writes the reports, prints a summary and exits 1 if a must rule was broken, else 0.

Options:
  --upstream URL      the deployment's base URL, base path included (or PETSTORE_UPSTREAM)
  --port N            port to listen on (default 4011; 0 picks a free one)
  --host HOST         address to listen on (default 127.0.0.1)
  --reporter NAME     pretty | json | junit | markdown | html; repeatable (default pretty)
  --output DIR        write the file reports to DIR (conformance.json, conformance.junit.xml,
                      conformance.md, conformance.html)
  --no-step-summary   do not append the Markdown summary to $GITHUB_STEP_SUMMARY (done when it is set)
  --min-coverage PERCENT  exit 1 when the traffic saw fewer documented (operation, status) pairs
  --har FILE          keep every exchange in FILE as HAR 1.2 as it happens (credentials redacted)
  --timeout MS        idle time allowed on the upstream before a 504 (default 10000)
  --allowed-host NAME also serve requests for this Host name (repeatable; all: no Host check);
                      localhost, *.localhost, IP literals, --host and this machine's name are always served
  -h, --help          print this help

The proxy is given no key: every credential it sees (Authorization, cookies, keys in query strings) is
redacted from the log, the report and the files.`;

/**
 * What the process gives the proxy: the signals that stop it. Listened to with `on`, not `once`: the HAR
 * writer's library (write-file-atomic, through signal-exit) re-raises a signal that no other listener is
 * left to hear, which would end the process in the middle of writing the reports.
 */
export interface Signals {
  on(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
}

function parse(argv: string[], env: Record<string, string | undefined>) {
  let values: ReturnType<typeof parseFlags>['values'];
  try {
    values = parseFlags(argv).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const upstream = values.upstream ?? env.PETSTORE_UPSTREAM;
  if (!values.help && !upstream) throw new UsageError('--upstream (or PETSTORE_UPSTREAM) is required');
  const reporters = [...new Set(reporterNames(values.reporter))];
  const files = reporters.filter(isDocumentReporter);
  if (!values.output && files.length + (reporters.includes('pretty') ? 1 : 0) > 1) {
    throw new UsageError(
      'only one report can go to the console: pass --output DIR for the file reports (json, junit, markdown, html)',
    );
  }
  const minCoverage = values['min-coverage'];
  if (minCoverage !== undefined && (minCoverage.trim() === '' || !Number.isFinite(Number(minCoverage))))
    throw new UsageError(`--min-coverage must be a number, got "${minCoverage}"`);
  const integer = (name: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    if (!/^[0-9]+$/.test(value)) throw new UsageError(`--${name} must be a whole number, got "${value}"`);
    return Number(value);
  };
  return {
    help: values.help ?? false,
    options: {
      upstream: upstream ?? '',
      port: integer('port', values.port),
      host: values.host,
      timeoutMs: integer('timeout', values.timeout),
      allowedHosts: values['allowed-host'] ?? [],
      ownHosts: [hostname()],
      ...(minCoverage === undefined ? {} : { minCoverage: Number(minCoverage) }),
    },
    pretty: reporters.includes('pretty'),
    files,
    output: values.output,
    stepSummary: !values['no-step-summary'],
    har: values.har,
  };
}

const parseFlags = (args: string[]) =>
  parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      upstream: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      reporter: { type: 'string', multiple: true },
      output: { type: 'string' },
      har: { type: 'string' },
      timeout: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      'min-coverage': { type: 'string' },
      'no-step-summary': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });

/** `petstore-conformance proxy …`: runs until a signal, then writes the reports; returns the exit code. */
export async function proxyMain(
  argv: string[],
  env: Record<string, string | undefined>,
  io: Io,
  signals: Signals,
): Promise<number> {
  let command: ReturnType<typeof parse>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let har: HarAppender | undefined;
  try {
    command = parse(argv, env);
    if (command.help) {
      io.stdout(`${PROXY_USAGE}\n`);
      return 0;
    }
    if (command.output) await mkdir(command.output, { recursive: true });
    if (command.har) {
      const file = command.har;
      // Appended to: a file that is there must be a HAR already.
      const problem = await harFileProblem(file);
      if (problem !== undefined) throw new UsageError(`--har ${file}: ${problem}`);
      // Each exchange appended as it happens; a failed write said once.
      har = harAppender(file, {
        creator: harCreator(),
        onError: (error) => io.stderr(`petstore-conformance proxy: --har ${file}: ${error.message}\n`),
      });
    }
    const print = command.pretty ? io.stdout : () => {};
    proxy = await startProxy(command.options, {
      onViolation: (violation) => print(formatViolation(violation)),
      onError: (message) => io.stderr(`petstore-conformance proxy: ${message}\n`),
      ...(har ? { onExchange: (exchange: ExchangeRecord) => har?.add(exchange) } : {}),
    });
  } catch (error) {
    // A usage error or a port that cannot be bound (EADDRINUSE, EACCES) is one line; anything else a stack.
    const known = error instanceof UsageError || typeof (error as { code?: unknown }).code === 'string';
    const text = known
      ? (error as Error).message
      : `internal error: ${(error as Error).stack ?? String(error)}`;
    io.stderr(
      `petstore-conformance proxy: ${text}\nRun petstore-conformance proxy --help for the options.\n`,
    );
    return 2;
  }
  io.stderr(formatBanner(proxy, proxy.report().upstream));
  await new Promise<void>((resolve) => {
    signals.on('SIGINT', resolve);
    signals.on('SIGTERM', resolve);
  });
  const summary = await proxy.stop();
  await har?.written();
  if (command.har) io.stderr(`petstore-conformance proxy: wrote ${command.har}\n`);
  const report = proxy.report();
  for (const name of command.files) {
    const text = name === 'json' ? jsonText(report) : renderDocument(name, proxy.events());
    if (!command.output) io.stdout(text);
    else {
      const file = join(command.output, REPORT_FILES[name]);
      await writeFile(file, text);
      io.stderr(`petstore-conformance proxy: wrote ${file}\n`);
    }
  }
  if (command.stepSummary && env.GITHUB_STEP_SUMMARY)
    await appendStepSummary(env, renderDocument('markdown', proxy.events()), (text) =>
      io.stderr(`petstore-conformance proxy: ${text}\n`),
    );
  (command.pretty ? io.stdout : io.stderr)(`\n${formatProxySummary(report, summary)}`);
  return summary.exitCode;
}
