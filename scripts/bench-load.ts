/**
 * Drives targets with autocannon, alternating A B A B so that drift on a shared machine hits every target,
 * and reads each server's CPU time so that a client-bound round still shows what a request costs the server.
 */
import autocannon from 'autocannon';
import { cpuMillis, getStatus, processCpuMillis } from './bench-processes.ts';

/** A running server: its origin and where the Store API lives under it (Prism ignores the /v1 prefix). */
export interface Target {
  readonly name: string;
  readonly origin: string;
  readonly basePath: string;
  readonly pid: number;
  /** Headers this target's requests carry besides the workload's (a session's `X-Mock-Session`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** More processes whose CPU counts as this target's (redis-server behind a mock on Redis). */
  readonly alsoPids?: readonly number[];
}

export interface Workload {
  readonly id: string;
  readonly title: string;
  readonly method: 'GET' | 'DELETE';
  /** Under the base path, e.g. `/store/orders`. */
  readonly path: string;
  /** Where the base path lives when not the Store API's (the admin list is at the origin's `/__mock`). */
  readonly atOrigin?: boolean;
  readonly authorized: boolean;
  /** The n-th request's path instead of `path` (one order id after another, a fresh unknown id each time). */
  readonly pathAt?: (n: number) => string;
  /** POST /__mock/reset before each round: fresh state per round. */
  readonly resetEachRound?: boolean;
  /**
   * Each round sends exactly this many requests, however long that takes (autocannon's `amount` overrides the
   * duration), instead of as many as fit in the time: a walk over the pending orders then answers every target
   * the same mix of statuses. Without it, a target that answers faster runs past the last pending order into
   * cheap 404s, and its CPU per request looks lower.
   */
  readonly requestsPerRound?: number;
  /**
   * How many times the usual pairs and warm-up it takes (default 1): a 10 MB answer makes about 300 requests a
   * round instead of 250,000, so its per-pair ratios scatter by ±10 % and its median needs more of them.
   */
  readonly sampleScale?: number;
}

export interface LoadOptions {
  readonly seconds: number;
  readonly connections: number;
  readonly apiKey: string;
  /** Requests per second in all, when the load is to be paced rather than as fast as the target answers. */
  readonly rate?: number;
}

export interface Sample {
  readonly requestsPerSecond: number;
  readonly requests: number;
  /** Server CPU time per request in microseconds; undefined where /proc is missing. */
  readonly cpuMicrosPerRequest?: number;
  readonly latencyP50Ms: number;
  readonly latencyP99Ms: number;
  readonly statuses: Readonly<Record<string, number>>;
  readonly errors: number;
}

/** One autocannon run of one workload against one target. */
export async function drive(target: Target, workload: Workload, options: LoadOptions): Promise<Sample> {
  if (workload.resetEachRound) {
    const status = await getStatus(`${target.origin}/__mock/reset`, {}, 'POST');
    if (status !== 204) throw new Error(`${target.name}: POST /__mock/reset answered ${status}`);
  }
  const base = workload.atOrigin ? '' : target.basePath;
  const pathAt = workload.pathAt;
  let next = 0;
  const cpu = () => {
    let total = cpuMillis(target.pid);
    for (const pid of target.alsoPids ?? []) total = (total ?? 0) + (processCpuMillis(pid) ?? Number.NaN);
    return total;
  };
  const cpuBefore = cpu();
  const result = await autocannon({
    url: `${target.origin}${base}${workload.path}`,
    connections: options.connections,
    duration: options.seconds,
    ...(workload.requestsPerRound ? { amount: workload.requestsPerRound } : {}),
    method: workload.method,
    headers: {
      ...(workload.authorized ? { authorization: `Bearer ${options.apiKey}` } : {}),
      ...target.headers,
    },
    ...(options.rate ? { overallRate: options.rate } : {}),
    ...(pathAt
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: `${base}${pathAt(next++)}` }) }] }
      : {}),
  });
  const cpuAfter = cpu();
  const requests = result.requests.total;
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, Number(count)]),
  );
  return {
    requestsPerSecond: requests / result.duration,
    requests,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && requests > 0
      ? { cpuMicrosPerRequest: ((cpuAfter - cpuBefore) * 1000) / requests }
      : {}),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    statuses,
    errors: result.errors,
  };
}

export interface RoundOptions extends LoadOptions {
  readonly rounds: number;
  /** An unrecorded run per target first, so that no target is measured while its JIT warms up. */
  readonly warmupSeconds: number;
  readonly onSample?: (target: Target, sample: Sample) => void;
}

/** Rounds of A B C, A B C, …: every target once per round, in the same order, after a warm-up run each. */
export async function alternate(
  targets: readonly Target[],
  workload: Workload,
  options: RoundOptions,
): Promise<Record<string, Sample[]>> {
  const samples: Record<string, Sample[]> = Object.fromEntries(targets.map((target) => [target.name, []]));
  if (options.warmupSeconds > 0) {
    for (const target of targets)
      await drive(target, workload, { ...options, seconds: options.warmupSeconds });
  }
  for (let round = 0; round < options.rounds; round++) {
    for (const target of targets) {
      const sample = await drive(target, workload, options);
      samples[target.name]?.push(sample);
      options.onSample?.(target, sample);
    }
  }
  return samples;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The median of per-round ratios a/b: each ratio compares two runs taken moments apart. */
export function medianRatio(a: readonly Sample[], b: readonly Sample[]): number {
  return median(
    a.map((sample, round) => sample.requestsPerSecond / (b[round]?.requestsPerSecond ?? Number.NaN)),
  );
}

/**
 * How cheap `ours` is next to `reference`, per request of server CPU: reference µs ÷ ours µs, the median of
 * per-pair ratios (1 = as cheap as the reference; 0.5 = twice its cost). CPU per request is steady where
 * requests per second swing with whatever else the machine runs.
 */
export function cpuEfficiency(ours: readonly Sample[], reference: readonly Sample[]): number {
  return median(
    ours.flatMap((sample, pair) => {
      const mine = sample.cpuMicrosPerRequest;
      const theirs = reference[pair]?.cpuMicrosPerRequest;
      return mine && theirs ? [theirs / mine] : [];
    }),
  );
}
