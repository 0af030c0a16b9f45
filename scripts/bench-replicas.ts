/**
 * The replicas part of the bench (docs/replicas.md): list and cancel with the Redis store against the memory
 * store, one process each, and the list served by 2 workers against 1 worker, all on one redis-server that
 * this module starts and stops. Not a gate: on a 2-core machine the servers, redis-server and the load
 * generator share the cores, so the figures carry that caveat. Servers are not pinned to a core here,
 * because 2 workers need both.
 */
import { existsSync } from 'node:fs';
import { roundTripsDuring } from '../src/test-support/redis-monitor.ts';
import { startRedisServer } from '../src/test-support/redis-server.ts';
import { alternate, median, medianRatio, type Sample, type Target, type Workload } from './bench-load.ts';
import { type ProbeContext, startOurs } from './bench-probes.ts';
import { getStatus, stopAll } from './bench-processes.ts';
import { type RoundTripFloor, redisRoundTripFloor } from './bench-redis-floor.ts';
import type { LoadResult } from './bench-report.ts';

export interface ReplicaOptions {
  readonly seconds: number;
  readonly rounds: number;
  readonly warmupSeconds: number;
  readonly connections: number;
  /** Orders behind the cancel workload (the list uses 1,000). */
  readonly large: number;
  readonly seed: number;
  /** The main bench's cancel workload (pending orders of the seed at `large`), run on memory and Redis. */
  readonly cancel: Workload;
}

export type ReplicaResults = { readonly kind: 'skipped'; readonly reason: string } | readonly LoadResult[];

const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

/**
 * Round trips to Redis per Store API request, by workload: the commands the mock sent, seen through MONITOR
 * around requests one after another (a script is one round trip, whatever it runs inside Redis).
 */
export type RoundTrips = Record<string, number>;

async function roundTripsOf(
  port: number,
  url: string,
  method: string,
  headers: Record<string, string>,
  count = 200,
): Promise<number> {
  const trips = await roundTripsDuring(port, async () => {
    for (let i = 0; i < count; i++) await getStatus(url, headers, method);
  });
  return trips / count;
}

/** The floor of one round trip on this machine, by what the mock sends: GET (the list), a script (the cancel). */
export type RoundTripFloors = Partial<Record<'get' | 'script', RoundTripFloor>>;

export async function replicasBench(
  context: ProbeContext,
  options: ReplicaOptions,
  roundTrips: RoundTrips = {},
  floors: RoundTripFloors = {},
): Promise<ReplicaResults> {
  if (!existsSync(REDIS_SERVER)) return { kind: 'skipped', reason: `${REDIS_SERVER} is not installed` };
  const redis = await startRedisServer();
  for (const kind of ['get', 'script'] as const) {
    floors[kind] = await redisRoundTripFloor(redis.port, redis.pid, {
      kind,
      connections: options.connections,
      count: 30_000,
    });
  }
  const unpinned: ProbeContext = { ...context, cpu: undefined };
  let prefixes = 0;
  /** Our CLI with the orders given, on memory (`store` undefined) or on Redis under a fresh key prefix. */
  async function start(name: string, orderArgs: string[], store?: 'redis', workers = 1): Promise<Target> {
    const shared = store ? ['--store', redis.url, '--key-prefix', `bench-${++prefixes}`] : [];
    const more = workers > 1 ? ['--workers', String(workers)] : [];
    const { child, origin } = await startOurs(unpinned, name, [...orderArgs, ...shared, ...more]);
    // On Redis, redis-server's CPU counts too: the memory mock does that work in its own process.
    const alsoPids = store && redis.pid !== undefined ? [redis.pid] : [];
    return { name, origin, basePath: '/v1', pid: child.pid, alsoPids };
  }
  const run = async (targets: Target[], workload: Workload): Promise<LoadResult> => {
    context.log(`${workload.title}: ${targets.map((target) => target.name).join(', ')}`);
    const samples = await alternate(targets, workload, {
      ...options,
      apiKey: context.apiKey,
      onSample: (target, sample) =>
        context.log(
          `  ${target.name}: ${sample.requestsPerSecond.toFixed(0)} req/s ${JSON.stringify(sample.statuses)}`,
        ),
    });
    return { id: workload.id, title: workload.title, samples };
  };
  try {
    const results: LoadResult[] = [];
    const thousand = ['--seed', String(options.seed), '--orders', '1000'];
    const list: Workload = {
      id: 'replicas-list',
      title: 'List, 1,000 orders',
      method: 'GET',
      path: '/store/orders',
      authorized: true,
    };
    const onRedis = await start('redis', thousand, 'redis');
    results.push(
      await run(
        [await start('memory', thousand), onRedis, await start('redis-2-workers', thousand, 'redis', 2)],
        list,
      ),
    );
    const auth = { authorization: `Bearer ${context.apiKey}` };
    const listUrl = `${onRedis.origin}/v1/store/orders`;
    roundTrips.list = await roundTripsOf(redis.port, listUrl, 'GET', auth);
    // A session's requests (created by the first of them, which is left out).
    const inSession = { ...auth, 'x-mock-session': 'bench-round-trips' };
    await getStatus(listUrl, inSession);
    roundTrips['list in a session'] = await roundTripsOf(redis.port, listUrl, 'GET', inSession);
    // Unknown ids: a cancel's work without changing the seed the cancel workload needs (the first of each
    // loads its script into Redis, and is left out).
    const unknown = `${listUrl}/999999999`;
    await getStatus(unknown, auth, 'DELETE');
    roundTrips['cancel (404)'] = await roundTripsOf(redis.port, unknown, 'DELETE', auth);
    await getStatus(unknown, inSession, 'DELETE');
    roundTrips['cancel (404) in a session'] = await roundTripsOf(redis.port, unknown, 'DELETE', inSession);
    await stopAll();
    const large = ['--seed', String(options.seed), '--orders', String(options.large)];
    const cancel = { ...options.cancel, id: 'replicas-cancel' };
    results.push(await run([await start('memory', large), await start('redis', large, 'redis')], cancel));
    return results;
  } finally {
    await stopAll();
    await redis.stop();
  }
}

/** The section of reports/bench.md: req/s per target and the ratios the issue names, with the caveat. */
export function replicasMarkdown(results: ReplicaResults, cores: number): string {
  if (!Array.isArray(results))
    return `Several replicas: skipped (${(results as { reason: string }).reason}).\n`;
  const rate = (samples: readonly Sample[]) =>
    median(samples.map((sample) => sample.requestsPerSecond)).toFixed(0);
  const lines = [
    '| Several replicas | Memory req/s | Redis req/s | Redis ÷ memory (goal ≥ 0.8) | 2 workers req/s | 2 workers ÷ 1 (goal ≥ 1.6) |',
    '|---|--:|--:|--:|--:|--:|',
  ];
  for (const result of results) {
    const { memory = [], redis = [], 'redis-2-workers': workers } = result.samples;
    lines.push(
      `| ${result.title} | ${rate(memory)} | ${rate(redis)} | ${medianRatio(redis, memory).toFixed(2)} | ` +
        `${workers ? rate(workers) : '—'} | ${workers ? medianRatio(workers, redis).toFixed(2) : '—'} |`,
    );
  }
  lines.push(
    '',
    `Not a gate: on this ${cores}-core machine the mock's processes, redis-server and the load generator share the ` +
      'cores, so the Redis and workers figures understate what a machine with spare cores shows.',
  );
  return `${lines.join('\n')}\n`;
}
