import cluster from 'node:cluster';
import { once } from 'node:events';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BANNER_WORKER } from './banner.ts';
import type { Io } from './io.ts';
import type { CliOptions, Environment } from './options.ts';

/**
 * `--workers N`: this (primary) process forks N workers that run the same command line and serve one port
 * (node:cluster hands the connections round); it serves nothing itself. Redis is checked first, so an
 * unreachable one is one line, not one per worker. A worker that fails at start-up stops the others and its
 * exit code is passed on (2 for a usage error); one that dies later, or is killed while it starts, is replaced,
 * so the port keeps answering.
 */
/** Workers killed by a signal before they listened that are replaced before the run counts as failed. */
const MAX_KILLED_WHILE_STARTING = 3;

export async function serveWithWorkers(
  options: CliOptions,
  argv: readonly string[],
  env: Environment,
  io: Io,
): Promise<number> {
  const { probeRedis } = await import('../redis/index.ts');
  await probeRedis(options.store as string);
  // The CLI's own entry point, with this file's extension: .ts from src/ (under tsx), .cjs from the CLI bundle,
  // .js from dist/src; the workers inherit execArgv.
  const entry = fileURLToPath(new URL(`./cli${extname(new URL(import.meta.url).pathname)}`, import.meta.url));
  cluster.setupPrimary({ exec: entry, args: [...argv] });
  const workerEnv = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));

  const listened = new Set<number>();
  let killedWhileStarting = 0;
  let stopping = false;
  const failed = new AbortController();
  let failure = 0;
  const onListening = (worker: { id: number }) => void listened.add(worker.id);
  const onExit = (
    worker: { id: number; process: { pid?: number } },
    code: number | null,
    signal: string | null,
  ) => {
    if (stopping) return;
    // A worker that exits before it listens failed to start (a usage error, Redis gone): stop, passing its code
    // on. One killed by a signal before it listened was stopped from outside, as a running one may be: it is
    // replaced, a few times at most, so that a worker that crashes at every start still ends the run.
    const starting = !listened.has(worker.id);
    if (starting && (signal === null || ++killedWhileStarting > MAX_KILLED_WHILE_STARTING)) {
      failure = code || 1;
      failed.abort();
      return;
    }
    io.stderr(
      `petstore-mock: worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another.\n`,
    );
    // The banner is not printed yet when its worker dies before it listens: its replacement prints it.
    fork(starting && worker.id === bannerWorker);
  };
  const fork = (printsBanner: boolean) => {
    const forked = cluster.fork({ ...workerEnv, [BANNER_WORKER]: printsBanner ? '1' : '' });
    if (printsBanner) bannerWorker = forked.id;
  };
  let bannerWorker = 0;
  cluster.on('listening', onListening);
  cluster.on('exit', onExit);
  for (let i = 0; i < options.workers; i++) fork(i === 0);

  const stopped = AbortSignal.any([io.stop, failed.signal]);
  if (!stopped.aborted) await once(stopped, 'abort');
  stopping = true;
  const workers = Object.values(cluster.workers ?? {}).flatMap((worker) => (worker ? [worker] : []));
  await Promise.all(
    workers.map((worker) => {
      if (worker.isDead()) return undefined;
      const exited = once(worker, 'exit');
      worker.process.kill('SIGTERM');
      return exited;
    }),
  );
  cluster.off('listening', onListening);
  cluster.off('exit', onExit);
  return failure;
}
