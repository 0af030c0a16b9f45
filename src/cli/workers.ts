import cluster from 'node:cluster';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { Io } from './main.ts';
import type { CliOptions, Environment } from './options.ts';

/**
 * `--workers N`: this (primary) process forks N workers that run the same command line and serve one port
 * (node:cluster hands the connections round); it serves nothing itself. Redis is checked first, so an
 * unreachable one is one line, not one per worker. A worker that fails at start-up stops the others and its
 * exit code is passed on (2 for a usage error); one that dies later is replaced, so the port keeps answering.
 */
export async function serveWithWorkers(
  options: CliOptions,
  argv: readonly string[],
  env: Environment,
  io: Io,
): Promise<number> {
  const { probeRedis } = await import('../redis/index.ts');
  await probeRedis(options.store as string);
  // The CLI's own entry point, from src/ (under tsx) or dist/ alike; the workers inherit execArgv.
  const entry = fileURLToPath(
    new URL(import.meta.url.endsWith('.ts') ? './cli.ts' : './cli.js', import.meta.url),
  );
  cluster.setupPrimary({ exec: entry, args: [...argv] });
  const workerEnv = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));

  let listening = 0;
  let stopping = false;
  const failed = new AbortController();
  let failure = 0;
  const onListening = () => void listening++;
  const onExit = (worker: { process: { pid?: number } }, code: number | null, signal: string | null) => {
    if (stopping) return;
    if (listening < options.workers) {
      failure = code || 1;
      failed.abort();
      return;
    }
    io.stderr(
      `petstore-mock: worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another.\n`,
    );
    cluster.fork(workerEnv);
  };
  cluster.on('listening', onListening);
  cluster.on('exit', onExit);
  for (let i = 0; i < options.workers; i++) cluster.fork(workerEnv);

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
