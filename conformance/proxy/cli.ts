import { mkdir, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../../src/config/config-error.ts';
import { parseArgsOptions } from '../../src/config/definition.ts';
import { type ConfigFile, findConfigFile } from '../../src/config/file.ts';
import { optionLines, settingsLines } from '../../src/config/help.ts';
import { resolveSettings } from '../../src/config/resolve.ts';
import { type HarAppender, harAppender, harFileProblem } from '../../src/exchange/har-file.ts';
import type { ExchangeRecord } from '../../src/exchange/record.ts';
import { reporterNames } from '../cli/args.ts';
import type { Io } from '../cli/main.ts';
import { appendStepSummary } from '../cli/step-summary.ts';
import { harCreator } from '../output/har.ts';
import { jsonText } from '../output/text.ts';
import { isDocumentReporter, REPORT_FILES, renderDocument } from '../reporters/files.ts';
import { UsageError } from '../run/usage-error.ts';
import { PROXY_CLI } from './option-definition.ts';
import { formatBanner, formatProxySummary, formatViolation } from './pretty.ts';
import { startProxy } from './server.ts';

export const PROXY_USAGE = `Usage: petstore-conformance proxy --upstream URL [options]

Forwards every request under the upstream's base path (/v1 for https://staging.example/v1) to the
upstream unchanged and grades each exchange against spec/openapi.yaml. GET /__conformance/report on the proxy shows the report so far. On SIGINT or SIGTERM
it writes the reports, prints a summary and exits 1 if a must rule was broken, else 0.

Options:
${optionLines(PROXY_CLI, 'options', 22)}

${settingsLines(PROXY_CLI, 22)}

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

function parse(argv: string[], env: Record<string, string | undefined>, file: ConfigFile | undefined) {
  let flags: ReturnType<typeof parseFlags>['values'];
  try {
    flags = parseFlags(argv).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (flags.help) return undefined;
  const { values } = resolveSettings(PROXY_CLI, flags, env, file);
  const upstream = values.upstream;
  if (!upstream) throw new UsageError('--upstream (or PETSTORE_UPSTREAM) is required');
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
  parseArgs({ args, strict: true, allowPositionals: false, options: parseArgsOptions(PROXY_CLI) });

/** `petstore-conformance proxy …`: runs until a signal, then writes the reports; returns the exit code. */
export async function proxyMain(
  argv: string[],
  env: Record<string, string | undefined>,
  io: Io,
  signals: Signals,
): Promise<number> {
  let command: NonNullable<ReturnType<typeof parse>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let har: HarAppender | undefined;
  try {
    const help = argv.includes('--help') || argv.includes('-h');
    const parsed = parse(
      argv,
      env,
      help ? undefined : await findConfigFile(argv, env, io.cwd ?? process.cwd()),
    );
    if (parsed === undefined) {
      io.stdout(`${PROXY_USAGE}\n`);
      return 0;
    }
    command = parsed;
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
    const known =
      error instanceof UsageError ||
      error instanceof ConfigError ||
      typeof (error as { code?: unknown }).code === 'string';
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
