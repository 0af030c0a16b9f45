import type { Cluster } from 'node:cluster';
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { findConfigFile } from '../config/file.ts';
import type { DnsResolver } from '../domains/resolver.ts';
import { type RunningServer, type ServerOptions, startServer } from '../node/server.ts';
import { packageVersion } from '../node/version.ts';
import type { RedisState } from '../redis/index.ts';
import { BANNER_WORKER, listening } from './banner.ts';
import { health } from './health.ts';
import type { Io } from './io.ts';
import { eventLogger, requestLogger } from './log.ts';
import { mcpCommand } from './mcp-command.ts';
import { type CliOptions, type Environment, parseCli, usage } from './options.ts';
import { loadFixtures, type SeedData, seedData, WORKER_SEED_THRESHOLD, watchFile } from './seed.ts';
import type { StateFileWriter } from './state-file.ts';
import { oneLine } from './text.ts';

export type { Io } from './io.ts';

/** `petstore-mock` as a function of argv, environment and output: resolves to the exit code once stopped. */
export async function main(argv: readonly string[], env: Environment, io: Io): Promise<number> {
  try {
    if (argv[0] === 'health') return await health(argv.slice(1), env, io);
    // The MCP server (and its SDK) loads only for its command, never on the serve path.
    if (argv[0] === 'mcp') return await mcpCommand(argv.slice(1), env, io);
    const command = parseCli(argv, env, await configFile(argv, env, io));
    if (command.kind === 'help') io.stdout(`${usage()}\n`);
    else if (command.kind === 'version') io.stdout(`${packageVersion()}\n`);
    else {
      // node:cluster, the state file's writer and a real DNS resolver load only when their option asks for
      // them: the default start-up pays for none of them.
      const cluster = command.options.workers > 1 ? (await import('node:cluster')).default : undefined;
      if (cluster?.isPrimary) {
        const { serveWithWorkers } = await import('./workers.ts');
        return await serveWithWorkers(command.options, argv, env, io);
      }
      return await serve(command.options, io, cluster);
    }
    return 0;
  } catch (error) {
    io.stderr(`petstore-mock: ${startError(error as Error & { code?: string })}\n`);
    return 2;
  }
}

/** The config file, unless only --help or --version is asked (which a broken file should not stop). */
function configFile(argv: readonly string[], env: Environment, io: Io) {
  if (argv.some((arg) => arg === '--help' || arg === '-h' || arg === '--version')) return undefined;
  return findConfigFile(argv, env, io.cwd ?? process.cwd());
}

async function serve(options: CliOptions, io: Io, cluster: Cluster | undefined): Promise<number> {
  const write = (line: string) => io.stdout(`${line}\n`);
  const log = eventLogger(options.logFormat, write);
  // The port opens first when loading can take a while (a large --orders, a large --fixtures or --state-file
  // file or a pipe, Redis being opened): meanwhile /__health answers 503 ready:false and every other request
  // 503 NOT_READY, so a health check can tell "starting" from "gone". The default seed, a small --seed and
  // small files are ready sooner than a second mock could be built, so they open the port once, serving. Not in a worker of --workers:
  // node:cluster hands connections to every worker that listens, so one still loading would answer 503
  // beside workers that serve.
  let mock =
    cluster?.isWorker || !(await loadingTakesAWhile(options))
      ? undefined
      : await startServer({
          ...serverOptions(options, {}, options.port, write),
          health: {
            starting: options.store
              ? 'its seed is loading and its shared store opening'
              : 'its seed is loading',
          },
        });
  let shared: RedisState | undefined;
  let resolver: DnsResolver | undefined;
  const stateFile = options.stateFile;
  const stateFiles = stateFile ? await import('./state-file.ts') : undefined;
  const writer = stateFile
    ? stateFiles?.stateFileWriter({
        file: stateFile,
        snapshot: async () => (mock as RunningServer).api.snapshot(),
        onError: (error) =>
          log('state-file-failed', { file: stateFile, error: error.message }, [
            `Could not save the state to ${stateFile}: ${error.message}`,
          ]),
      })
    : undefined;
  try {
    const saved = stateFile ? await stateFiles?.readStateFile(stateFile) : undefined;
    const firstSeed = await seedData(options);
    shared = options.store ? await openSharedState(options, firstSeed) : undefined;
    resolver = options.dnsServer ? await dnsResolver(options.dnsServer) : undefined;
    const ready: ServerOptions = {
      ...serverOptions(options, firstSeed, mock?.port ?? options.port, write, shared, writer, resolver),
      ...(stateFile && saved !== undefined ? { prepare: (api) => restoreSaved(api, stateFile, saved) } : {}),
    };
    if (mock) await mock.reload(ready);
    else mock = await startServer(ready);
  } catch (error) {
    await mock?.close();
    await shared?.close();
    throw error;
  }
  const { fields, lines } = listening(mock, options);
  // With --workers, one worker speaks for all (the first, or the one that replaced it before it listened); the
  // others only log requests.
  if (!cluster?.isWorker || process.env[BANNER_WORKER] === '1') log('listening', fields, lines);

  let reloading = Promise.resolve();
  const file = options.fixturesFile;
  const reload = async (file: string) => {
    let seed: Awaited<ReturnType<typeof loadFixtures>>;
    try {
      seed = await loadFixtures(file);
    } catch (error) {
      const message = `${(error as Error).message} Keeping the current orders.`;
      return log('reload-failed', { error: message }, [message]);
    }
    if (io.stop.aborted) return;
    // The new mock is served on the same server: connections stay open and the port is never free, so a
    // client's pooled connection is not closed under it (which made requests right after a reload fail).
    try {
      await mock.reload(serverOptions(options, seed, mock.port, write, shared, writer, resolver));
      writer?.changed();
    } catch (error) {
      const message = `${startError(error as Error)} Keeping the current orders.`;
      return log('reload-failed', { error: message }, [message]);
    }
    const count = seed.orders?.length ?? 0;
    log('reloaded', { orders: count }, [`Reloaded ${count} orders from ${file}.`]);
  };
  const unwatch =
    options.watch && file
      ? watchFile(file, () => {
          reloading = reloading.then(() => reload(file));
        })
      : undefined;

  if (!io.stop.aborted) await once(io.stop, 'abort');
  unwatch?.();
  await reloading;
  await mock.close();
  await writer?.flush();
  await shared?.close();
  const signal = String(io.stop.reason);
  log('stopped', { signal }, [`Stopped (${signal}).`]);
  return 0;
}

function serverOptions(
  options: CliOptions,
  seed: SeedData,
  port: number,
  write: (line: string) => void,
  shared?: RedisState,
  writer?: StateFileWriter,
  resolver?: DnsResolver,
): ServerOptions {
  const log = eventLogger(options.logFormat, write);
  return {
    ...(writer ? { onChange: writer.changed } : {}),
    sessions: options.sessions,
    // A shared state brings its clock and its seed (given when it was opened); memory takes them here.
    ...(shared ? { state: shared, pets: seed.pets } : { clock: options.clock, ...seed }),
    domains: {
      // Its code loads with the first request that needs it, off the start path (docs/performance.md, Round 14).
      loadOnFirstUse: true,
      dnsPropagationMs: options.dnsPropagationMs,
      ownHosts: [options.host, hostname()],
      controls: options.admin,
      ...(resolver ? { resolver } : {}),
    },
    port,
    host: options.host,
    apiKeys: options.apiKeys,
    oauthClients: options.oauthClients,
    tokenTtlMs: options.tokenTtlMs,
    corsOrigin: options.corsOrigin,
    cors: options.cors,
    ...(options.latency ? { latency: options.latency } : {}),
    ...(options.passthrough
      ? {
          passthrough: {
            upstream: options.passthrough,
            timeoutMs: options.passthroughTimeoutMs,
            ...(options.recordMisses === undefined
              ? {}
              : {
                  recordMisses: options.recordMisses,
                  onRecordError: (error: Error) =>
                    log('record-misses-failed', { file: options.recordMisses, error: error.message }, [
                      `Could not record forwarded exchanges in ${options.recordMisses}: ${error.message}`,
                    ]),
                }),
          },
        }
      : {}),
    allowedHosts: options.allowedHosts,
    adminCorsOrigins: options.adminCorsOrigins,
    admin: options.admin,
    mcp: options.mcp,
    ...(options.petsSunset ? { petsSunset: options.petsSunset } : {}),
    ...(options.quiet ? {} : { onResponse: requestLogger(options.logFormat, write) }),
    onUnexpectedError: (error, request) =>
      log('unexpected-error', { method: request.method, path: request.path, error: String(error) }, [
        `Unexpected error on ${request.method} ${request.path}: ${(error as Error).stack ?? String(error)}`,
      ]),
  };
}

/** Puts the state saved in `file` back; a state the mock refuses is a start error naming the file. */
async function restoreSaved(api: RunningServer['api'], file: string, saved: unknown): Promise<void> {
  try {
    await api.restore(saved);
  } catch (error) {
    throw new Error(`--state-file ${file}: ${(error as Error).message}`);
  }
}

/** Whether the state to serve comes from a file, a shared store or a large generated seed. */
async function loadingTakesAWhile(options: CliOptions): Promise<boolean> {
  const generated = options.generate?.count ?? 0;
  if (options.store || generated >= WORKER_SEED_THRESHOLD) return true;
  for (const file of [options.fixturesFile, options.stateFile]) {
    if (file !== undefined && !(await isSmallFile(file))) return true;
  }
  return false;
}

/**
 * A regular file this small is read and checked sooner than a second mock is built, so the port need not open
 * early for it. A missing state file is not loaded at all; anything else (a large file, a pipe) may take a while.
 */
const SMALL_FILE_BYTES = 256 * 1024;

async function isSmallFile(file: string): Promise<boolean> {
  const found = await stat(file).catch((error: NodeJS.ErrnoException) => error.code);
  if (found === 'ENOENT') return true;
  return typeof found === 'object' && found.isFile() && found.size <= SMALL_FILE_BYTES;
}

/** A resolver asking `server` (--dns-server), loaded only then. */
async function dnsResolver(server: string): Promise<DnsResolver> {
  const { createNodeDnsResolver } = await import('../node/dns-resolver.ts');
  return createNodeDnsResolver([server]);
}

/** Loaded only with --store: node-redis stays out of the default start-up (and of the MSW bundle). */
async function openSharedState(options: CliOptions, seed: SeedData): Promise<RedisState> {
  const { openRedisState } = await import('../redis/index.ts');
  return openRedisState({
    url: options.store as string,
    keyPrefix: options.keyPrefix,
    clock: options.clock,
    ...(seed.orders ? { orders: seed.orders } : {}),
  });
}

/** Every failure to start is one line: the port in use gets advice, the rest their message. */
function startError(error: Error & { code?: string }): string {
  if (error.code === 'EADDRINUSE') {
    const address = error.message.replace(/^listen EADDRINUSE: address already in use /, '');
    return `Port already in use: ${address}. Choose another with --port or PORT.`;
  }
  return oneLine(error.message).slice(0, 300);
}
