import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import type { MockApiOptions } from '../core/index.ts';
import { type CliOptions, parseCli, USAGE, UsageError } from './cli-options.ts';
import { createNodeDnsResolver } from './dns-resolver.ts';
import { eventLogger, requestLogger } from './log.ts';
import { startServer } from './server.ts';

const write = (line: string) => process.stdout.write(`${line}\n`);

/** `petstore-mock`: parses options, starts the server, prints where it is and how to call it. */
async function main(argv: readonly string[]): Promise<void> {
  const command = parseCli(argv);
  if (command.kind === 'help') {
    write(USAGE);
    return;
  }
  const options = command.options;
  const log = eventLogger(options.logFormat, write);
  const mock = await startServer({
    domains: {
      clock: options.clock,
      dnsPropagationMs: options.dnsPropagationMs,
      ownHosts: [options.host, hostname()],
      controls: options.admin,
      ...(options.dnsServer ? { resolver: createNodeDnsResolver([options.dnsServer]) } : {}),
    },
    ...(await seedData(options)),
    port: options.port,
    host: options.host,
    apiKeys: options.apiKeys,
    corsOrigin: options.corsOrigin,
    admin: options.admin,
    ...(options.petsSunset ? { petsSunset: options.petsSunset } : {}),
    ...(options.quiet ? {} : { onResponse: requestLogger(options.logFormat, write) }),
    onUnexpectedError: (error, request) =>
      log('unexpected-error', { method: request.method, path: request.path, error: String(error) }, [
        `Unexpected error on ${request.method} ${request.path}: ${(error as Error).stack ?? String(error)}`,
      ]),
  });

  const key = mock.api.apiKeys[0] as string;
  const keyNote = options.apiKeys.length ? '' : ' (the development key; choose your own with --api-key)';
  log('listening', { baseUrl: mock.baseUrl, apiKeys: mock.api.apiKeys, admin: options.admin }, [
    `Petstore mock listening on ${mock.baseUrl}`,
    ...(options.quiet
      ? []
      : [
          `  API key: ${mock.api.apiKeys.join(', ')}${keyNote}`,
          `  Try:     curl -H "Authorization: Bearer ${key}" ${mock.baseUrl}/store/orders`,
          ...(options.admin ? [`  Admin:   ${mock.url}/__mock/orders (no key needed)`] : []),
          `  Domains: ${mock.url}/__dashboard/api/projects (clock ${options.clock}, DNS ${options.dnsServer ?? 'simulated'})`,
          ...(mock.domains ? [`  Page:    ${mock.url}/__dashboard/ (Project settings > Domains)`] : []),
          '  Stop:    Ctrl+C',
        ]),
  ]);

  const stop = async (signal: string) => {
    await mock.close();
    log('stopped', { signal }, [`Stopped (${signal}).`]);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

async function seedData(options: CliOptions): Promise<Pick<MockApiOptions, 'orders' | 'pets'>> {
  if (options.generate) {
    // Loaded only when asked for, so the default start-up does not pay for faker.
    const { generateOrders } = await import('../fixtures/generate.ts');
    return { orders: generateOrders(options.generate) };
  }
  if (!options.fixturesFile) return {};
  let data: unknown;
  try {
    data = JSON.parse(await readFile(options.fixturesFile, 'utf8'));
  } catch (error) {
    throw new UsageError(`--fixtures ${options.fixturesFile}: ${(error as Error).message}`);
  }
  if (Array.isArray(data)) return { orders: data };
  const { orders, pets } = (data ?? {}) as Record<string, unknown>;
  if (!Array.isArray(orders) || (pets !== undefined && !Array.isArray(pets))) {
    throw new UsageError(
      `--fixtures ${options.fixturesFile}: expected an array of orders or {"orders": [...], "pets": [...]}.`,
    );
  }
  return { orders, ...(pets ? { pets: pets as MockApiOptions['pets'] } : {}) };
}

main(process.argv.slice(2)).catch((error: Error & { code?: string }) => {
  const message =
    error.code === 'EADDRINUSE'
      ? `Port already in use: ${error.message.replace(/^listen EADDRINUSE: address already in use /, '')}. Choose another with --port.`
      : error.message;
  process.stderr.write(`petstore-mock: ${message}\n`);
  process.exit(2);
});
