/**
 * The validating proxy's memory over a long run: many exchanges through it, each with one of many distinct
 * bearer tokens (every token is a secret it must redact, every credential a scope of its traffic model).
 * Its resident memory is read after the first tenth of the run (its working size) and at the end: flat means
 * the end within 20 % of that. A list with the upstream's key every tenth exchange keeps the list graded.
 */
import autocannon from 'autocannon';
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
  const warmUp = Math.ceil(options.exchanges / 10);
  const first = await send(options, warmUp, 0);
  const warm = residentMemory(options.pid);
  const rest = await send(options, options.exchanges - warmUp, warmUp);
  const after = residentMemory(options.pid);
  if (!warm || !after) throw new Error("the proxy's resident memory cannot be read (/proc)");
  const statuses: Record<string, number> = { ...first };
  for (const [status, count] of Object.entries(rest)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    exchanges: options.exchanges,
    credentials: options.credentials,
    rssWarmMb: warm.rssMb,
    rssAfterMb: after.rssMb,
    peakMb: after.peakMb,
    seconds: (performance.now() - started) / 1000,
    statuses,
  };
}
