/**
 * The validating proxy's memory over a long run: many exchanges through it, each with one of many distinct
 * bearer tokens (every token is a secret it must redact, every credential a scope of its traffic model).
 * Its resident memory is sampled every quarter second: flat means the median over the last tenth of the run
 * within 20 % of the median over the second tenth (its working size, once warm). Medians over many samples,
 * because a single reading lands anywhere on the collector's saw-tooth: once the proxy promoted little, the
 * old generation grew for longer between full collections, and one reading at the end read 1.33× where the
 * heap after a full collection stayed at 30.4 MB from 100,000 to 600,000 exchanges (Round 7). A list with the
 * upstream's key every tenth exchange keeps the list graded.
 */
import autocannon from 'autocannon';
import { median } from './bench-load.ts';
import { residentMemory } from './bench-processes.ts';

export interface ProxyMemoryResult {
  readonly exchanges: number;
  readonly credentials: number;
  readonly rssWarmMb: number;
  readonly rssAfterMb: number;
  readonly peakMb: number;
  readonly seconds: number;
  readonly statuses: Readonly<Record<string, number>>;
}

export interface ProxyMemoryOptions {
  /** The proxy's base URL, e.g. `http://127.0.0.1:4011/v1`. */
  readonly baseUrl: string;
  readonly pid: number;
  readonly apiKey: string;
  readonly exchanges: number;
  readonly credentials: number;
  readonly connections: number;
}

/** Sends `amount` exchanges, the credential rotating over `credentials` tokens; returns the status counts. */
async function send(
  options: ProxyMemoryOptions,
  amount: number,
  from: number,
): Promise<Record<string, number>> {
  let next = from;
  const result = await autocannon({
    url: `${options.baseUrl}/store/orders`,
    connections: options.connections,
    amount,
    requests: [
      {
        setupRequest: (request) => {
          const n = next++;
          const token = n % 10 === 0 ? options.apiKey : `bench-token-${n % options.credentials}`;
          return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
        },
      },
    ],
  });
  return Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => [status, Number(count)]),
  );
}

export async function proxyMemory(options: ProxyMemoryOptions): Promise<ProxyMemoryResult> {
  const started = performance.now();
  const tenth = Math.ceil(options.exchanges / 10);
  const samples: { tenth: number; rssMb: number }[] = [];
  let sentTenths = 0;
  const sampler = setInterval(() => {
    const memory = residentMemory(options.pid);
    if (memory) samples.push({ tenth: sentTenths, rssMb: memory.rssMb });
  }, SAMPLE_MS);
  const statuses: Record<string, number> = {};
  try {
    for (; sentTenths < 10; sentTenths++) {
      const from = sentTenths * tenth;
      const amount = Math.min(tenth, options.exchanges - from);
      if (amount <= 0) break;
      for (const [status, count] of Object.entries(await send(options, amount, from))) {
        statuses[status] = (statuses[status] ?? 0) + count;
      }
      // A reading as each tenth ends, so a short run (the smoke run's) has one in every tenth too.
      const memory = residentMemory(options.pid);
      if (memory) samples.push({ tenth: sentTenths, rssMb: memory.rssMb });
    }
  } finally {
    clearInterval(sampler);
  }
  const after = residentMemory(options.pid);
  const during = (which: number) =>
    median(samples.filter((sample) => sample.tenth === which).map((sample) => sample.rssMb));
  const warm = during(1);
  const last = during(9);
  if (!after || Number.isNaN(warm) || Number.isNaN(last)) {
    throw new Error("the proxy's resident memory cannot be read (/proc)");
  }
  return {
    exchanges: options.exchanges,
    credentials: options.credentials,
    rssWarmMb: warm,
    rssAfterMb: last,
    peakMb: after.peakMb,
    seconds: (performance.now() - started) / 1000,
    statuses,
  };
}

/** How often the proxy's resident memory is read during the run. */
const SAMPLE_MS = 250;
