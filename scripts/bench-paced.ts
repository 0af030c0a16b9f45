/**
 * Latency at a steady rate, for the bench's `proxy-latency` row: an open-loop load that sends one request
 * every 1/rate seconds over a pool of keep-alive connections, whatever the answers do. Each request's latency
 * counts from when it was due, not from when it left, so a stall counts for every request it held up (what
 * wrk2 calls coordinated omission). autocannon's `overallRate` sends each second's requests as fast as they
 * are answered and then waits for the next second, so its p99 is a burst's queueing, not latency at a steady
 * request per millisecond.
 */
import { Agent, request } from 'node:http';

export interface PacedOptions {
  readonly rate: number;
  readonly seconds: number;
  readonly connections: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Seconds sent first and not counted (connections opened, code warmed). */
  readonly warmupSeconds?: number;
}

export interface PacedResult {
  readonly sent: number;
  readonly errors: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export async function pacedLatency(url: string, options: PacedOptions): Promise<PacedResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  try {
    await run(url, agent, options, options.warmupSeconds ?? 1);
    const latencies = await run(url, agent, options, options.seconds);
    const answered = latencies.filter((latency) => latency >= 0).sort((a, b) => a - b);
    const at = (quantile: number) =>
      answered[Math.min(answered.length - 1, Math.floor(quantile * answered.length))] ?? Number.NaN;
    return {
      sent: latencies.length,
      errors: latencies.length - answered.length,
      p50Ms: at(0.5),
      p99Ms: at(0.99),
    };
  } finally {
    agent.destroy();
  }
}

/** Sends `rate × seconds` requests on schedule; the latency of each in ms, -1 for an error. */
function run(url: string, agent: Agent, options: PacedOptions, seconds: number): Promise<number[]> {
  const total = Math.round(options.rate * seconds);
  const latencies: number[] = new Array(total);
  const interval = 1000 / options.rate;
  const start = performance.now();
  let sent = 0;
  let settled = 0;
  return new Promise((resolve) => {
    if (total === 0) return resolve(latencies);
    const finish = (index: number, latency: number) => {
      latencies[index] = latency;
      if (++settled === total) resolve(latencies);
    };
    const send = (index: number) => {
      const due = start + index * interval;
      const req = request(url, { agent, headers: options.headers }, (res) => {
        res.resume();
        res.once('end', () => finish(index, performance.now() - due));
        res.once('error', () => finish(index, -1));
      });
      req.once('error', () => finish(index, -1));
      req.end();
    };
    // Timers fire late on a busy machine: each tick sends every request that is due by now.
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) send(sent++);
      if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    tick();
  });
}
