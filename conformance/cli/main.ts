import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from '../../src/config/config-error.ts';
import { findConfigFile } from '../../src/config/file.ts';
import { registry } from '../checks/index.ts';
import { REQUIREMENT_REASONS } from '../checks/registry.ts';
import { EXPLORE_CHECKS } from '../explore/checks.ts';
import type { Exchange } from '../http/exchange.ts';
import { HookError } from '../orders/source.ts';
import { type DocumentReporterName, documentReporter, REPORT_FILES } from '../reporters/files.ts';
import { createMarkdownReporter } from '../reporters/markdown.ts';
import { createPrettyReporter } from '../reporters/pretty.ts';
import type { CheckInfo } from '../rules/rule.ts';
import type { Reporter } from '../run/events.ts';
import { secretValues } from '../run/extra-headers.ts';
import { createRunSecrets } from '../run/redaction.ts';
import { runConformance } from '../run/runner.ts';
import { UsageError } from '../run/usage-error.ts';
import { parseCli, USAGE } from './args.ts';
import { appendStepSummary } from './step-summary.ts';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** True when stdout is a terminal: the pretty report is coloured then (NO_COLOR and FORCE_COLOR respected). */
  isTTY?: boolean;
  /**
   * Aborted with the signal's name (`SIGINT`, `SIGTERM`) when the process is asked to stop: the run stops,
   * the teardown runs, and the exit code is 130 or 143.
   */
  stop?: AbortSignal;
  /** Where petstore-mock.config.json is looked for (default: the working folder of the process). */
  cwd?: string;
}

/** The key as the user gave it, read before parsing so that even a usage error cannot print it. */
function givenKey(argv: string[], env: Record<string, string | undefined>): string | undefined {
  const at = argv.lastIndexOf('--api-key');
  const inline = argv.findLast((a) => a.startsWith('--api-key='));
  return (inline?.slice('--api-key='.length) ?? (at >= 0 ? argv[at + 1] : undefined)) || env.PETSTORE_API_KEY;
}

/** Credential values among the `--header`s, read before parsing so that even a usage error cannot print one. */
function givenSecrets(argv: string[]): string[] {
  const given = argv.flatMap((arg, i) =>
    arg === '--header'
      ? [argv[i + 1] ?? '']
      : arg.startsWith('--header=')
        ? [arg.slice('--header='.length)]
        : [],
  );
  return secretValues(
    Object.fromEntries(
      given.map((header) => [header.split(':', 1)[0] ?? '', header.slice(header.indexOf(':') + 1).trim()]),
    ),
  );
}

/** NO_COLOR (any value) turns colour off, FORCE_COLOR (not `0`) on; otherwise only on a terminal. */
export function useColor(env: Record<string, string | undefined>, isTTY: boolean | undefined): boolean {
  if (env.NO_COLOR) return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return isTTY === true;
}

/** The report folder exists (or is made) before the run, so a bad --output costs no run. */
async function prepareOutput(dir: string): Promise<void> {
  const found = await stat(dir).catch(() => undefined);
  if (found && !found.isDirectory()) throw new UsageError(`--output ${dir} is a file; give a directory`);
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const code = (error as { code?: string }).code ?? String(error);
    throw new UsageError(`--output ${dir} cannot be created (${code})`);
  }
}

/** --help, --version and --list answer whatever the config file holds. */
export const wantsInfoOnly = (argv: readonly string[]): boolean =>
  argv.some((arg) => ['--help', '-h', '--version', '--list'].includes(arg));

/** The CLI as a function of argv, environment and output streams; returns the exit code. */
export async function main(argv: string[], env: Record<string, string | undefined>, io: Io): Promise<number> {
  // Every line written, to the console or to a file, goes through the run's secrets, which grow with every
  // secret the run reads (a key file, a client secret) and every token it fetches.
  const secrets = createRunSecrets(givenKey(argv, env), givenSecrets(argv));
  const redact = secrets.redact;
  const stdout = (text: string) => io.stdout(redact(text));
  const stderr = (text: string) => io.stderr(redact(text));
  try {
    const file = wantsInfoOnly(argv) ? undefined : await findConfigFile(argv, env, io.cwd ?? process.cwd());
    const command = parseCli(argv, env, file);
    if (command.kind === 'help') {
      stdout(`${USAGE}\n`);
      return 0;
    }
    if (command.kind === 'version') {
      stdout(`${command.version}\n`);
      return 0;
    }
    if (command.kind === 'list') {
      stdout(listChecks());
      return 0;
    }
    const strict = command.options.strict;
    const files: Array<{ name: DocumentReporterName; reporter: Reporter & { output(): string } }> = [];
    const reporters: Reporter[] = [];
    for (const name of command.reporters) {
      if (name === 'pretty')
        reporters.push(createPrettyReporter(stdout, { strict, color: useColor(env, io.isTTY) }));
      else {
        const reporter = documentReporter(name, { strict });
        reporters.push(reporter);
        files.push({ name, reporter });
      }
    }
    // On GitHub Actions the job's page gets the Markdown summary, whichever reports were asked for.
    const summary =
      command.stepSummary && env.GITHUB_STEP_SUMMARY ? createMarkdownReporter({ strict }) : undefined;
    if (summary) reporters.push(summary);
    // Options errors surface before any file is made; the hooks inherit this environment.
    const run = runConformance({
      ...command.options,
      secrets,
      env,
      ...(io.stop ? { signal: io.stop } : {}),
    });
    const exchanges: Exchange[] = [];
    if (command.output && files.length > 0) await prepareOutput(command.output);
    // The HAR writer (and its atomic file writer) is loaded only by a run that writes one.
    const har = command.har === undefined ? undefined : await import('../output/har.ts');
    if (command.har !== undefined) await har?.checkHarPath(command.har);
    let exitCode = 2;
    for await (const event of run) {
      for (const reporter of reporters) reporter.handle(event);
      if (command.har !== undefined && event.type === 'exchange') exchanges.push(event.exchange);
      if (event.type === 'finished') {
        exitCode = event.summary.exitCode;
        if (event.summary.error) stderr(`petstore-conformance: ${event.summary.error}\n`);
        for (const line of event.summary.gateFailures ?? []) stderr(`petstore-conformance: ${line}\n`);
      }
    }
    if (summary)
      await appendStepSummary(env, redact(summary.output()), (text) =>
        stderr(`petstore-conformance: ${text}\n`),
      );
    for (const { name, reporter } of files) {
      if (!command.output) stdout(reporter.output());
      else {
        const file = join(command.output, REPORT_FILES[name]);
        await writeFile(file, redact(reporter.output()));
        stderr(`petstore-conformance: wrote ${file}\n`);
      }
    }
    if (har && command.har !== undefined) {
      await har.writeRunHar(command.har, exchanges, [givenKey(argv, env), ...givenSecrets(argv)]);
      stderr(`petstore-conformance: wrote ${command.har} (${exchanges.length} exchanges)\n`);
    }
    return exitCode;
  } catch (error) {
    if (error instanceof HookError) {
      stderr(`petstore-conformance: ${error.message}\n`);
    } else if (error instanceof UsageError || error instanceof ConfigError) {
      stderr(`petstore-conformance: ${error.message}\nRun petstore-conformance --help for the options.\n`);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      stderr(`petstore-conformance: internal error: ${message.split('\n')[0]}\n`);
    }
    return 2;
  }
}

/** Every fixed check, then exploration's own rules; a fixed check exploration grades too says so. */
function listChecks(): string {
  const row = (c: CheckInfo, notes: string[]) =>
    `  ${c.id.padEnd(24)} ${c.severity.padEnd(6)} ${c.title}\n      rests on: ${c.reference}${notes.map((n) => `\n      ${n}`).join('')}`;
  const explored = new Set(EXPLORE_CHECKS.map((c) => c.id));
  const rows = registry.checks.map((c) =>
    row(c, [
      ...(c.requires ?? []).filter((r) => r !== 'apiKey').map((r) => REQUIREMENT_REASONS[r]),
      ...(explored.has(c.id) ? ['also with --explore, on every generated answer'] : []),
    ]),
  );
  const fixed = new Set(registry.checks.map((c) => c.id));
  const own = EXPLORE_CHECKS.filter((c) => !fixed.has(c.id)).map((c) => row(c, ['with --explore']));
  return `${[...rows, ...own].join('\n')}\n`;
}
