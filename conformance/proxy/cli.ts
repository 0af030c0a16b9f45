import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Io } from '../cli/main.ts';
import { jsonText } from '../output/text.ts';
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
  --reporter NAME     pretty | json | junit; repeatable (default pretty)
  --output DIR        write conformance.json and conformance.junit.xml to DIR
  --timeout MS        idle time allowed on the upstream before a 504 (default 10000)
  -h, --help          print this help

The proxy is given no key: every credential it sees (Authorization, cookies, keys in query strings) is
redacted from the log, the report and the files.`;

const FILES = { json: 'conformance.json', junit: 'conformance.junit.xml' } as const;
type FileReport = keyof typeof FILES;

/** What the process gives the proxy: the signals that stop it. */
export interface Signals {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
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
  const reporters = [...new Set(values.reporter ?? ['pretty'])];
  for (const name of reporters) {
    if (!['pretty', 'json', 'junit'].includes(name))
      throw new UsageError(`unknown reporter "${name}" (pretty, json, junit)`);
  }
  const files = reporters.filter((r): r is FileReport => r === 'json' || r === 'junit');
  if (!values.output && files.length + (reporters.includes('pretty') ? 1 : 0) > 1) {
    throw new UsageError(
      'only one report can go to the console: pass --output DIR for json and junit reports',
    );
  }
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
    },
    pretty: reporters.includes('pretty'),
    files,
    output: values.output,
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
      timeout: { type: 'string' },
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
  try {
    command = parse(argv, env);
    if (command.help) {
      io.stdout(`${PROXY_USAGE}\n`);
      return 0;
    }
    if (command.output) await mkdir(command.output, { recursive: true });
    const print = command.pretty ? io.stdout : () => {};
    proxy = await startProxy(command.options, {
      onViolation: (violation) => print(formatViolation(violation)),
      onError: (message) => io.stderr(`petstore-conformance proxy: ${message}\n`),
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
    signals.once('SIGINT', resolve);
    signals.once('SIGTERM', resolve);
  });
  const summary = await proxy.stop();
  const report = proxy.report();
  for (const name of command.files) {
    const text = name === 'json' ? jsonText(report) : proxy.junit();
    if (!command.output) io.stdout(text);
    else {
      const file = join(command.output, FILES[name]);
      await writeFile(file, text);
      io.stderr(`petstore-conformance proxy: wrote ${file}\n`);
    }
  }
  (command.pretty ? io.stdout : io.stderr)(`\n${formatProxySummary(report, summary)}`);
  return summary.exitCode;
}
