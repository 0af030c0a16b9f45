/**
 * The bench's measures of the newer planes, one request or one burst at a time against our CLI: the HAR
 * export of a full journal, `PUT /__mock/state` of a small and a large state over HTTP, and how many times
 * `--state-file` writes during a burst of cancels.
 */
import { mkdtempSync, rmSync, watch } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './bench-load.ts';
import { type ProbeContext, startOurs } from './bench-probes.ts';
import { bannerUrl, spawnNode, stop } from './bench-processes.ts';

/** One request; resolves with its status, its body and the milliseconds from sending to the last byte. */
export function timedRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - started,
        }),
      );
    });
    req.once('error', reject);
    req.end(options.body);
  });
}

const json = { 'content-type': 'application/json' };

/**
 * Milliseconds to export the whole journal as HAR once it holds its 1,000 entries (median of `times`), and
 * the first export's (which renders every entry; later ones only those new since).
 */
export async function harExport(
  context: ProbeContext,
  times = 21,
): Promise<{ ms: number; firstMs: number; bytes: number }> {
  const mock = await startOurs(context, 'ours (HAR)');
  try {
    const auth = { authorization: `Bearer ${context.apiKey}` };
    // A full journal: lists (a 25-order body each), 404s and 401s, as a test run leaves it.
    for (let i = 0; i < 1000; i++) {
      const path = i % 3 === 0 ? '/v1/store/orders' : `/v1/store/orders/${900_000 + i}`;
      await timedRequest(`${mock.origin}${path}`, {
        method: i % 3 === 1 ? 'DELETE' : 'GET',
        headers: i % 5 === 0 ? {} : auth,
      });
    }
    const runs: { ms: number; bytes: number }[] = [];
    for (let i = 0; i < times; i++) {
      const answer = await timedRequest(`${mock.origin}/__mock/requests?format=har`);
      if (answer.status !== 200) throw new Error(`the HAR export answered ${answer.status}`);
      runs.push({ ms: answer.ms, bytes: answer.body.length });
    }
    return { ms: median(runs.map((run) => run.ms)), firstMs: runs[0]?.ms ?? 0, bytes: runs[0]?.bytes ?? 0 };
  } finally {
    await stop(mock.child);
  }
}

/**
 * The floor of a state PUT on this machine: a bare node:http server that reads the body whole, parses it with
 * `JSON.parse` and writes the same bytes back (no checks, no store), as cheap as answering a PUT can be.
 */
const BARE_STATE_ECHO = `
const http = require('node:http');
http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    JSON.parse(body.toString('utf8'));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
}).listen(0, '127.0.0.1', function () {
  console.log('listening on http://127.0.0.1:' + this.address().port);
});
`;

/**
 * Milliseconds for `PUT /__mock/state` of the mock's own state (as GET gave it), request to last byte (the
 * answer is the state in force, as large as the one sent), median of `times`; and beside it, alternating with
 * ours request by request, the same body sent to the bare floor (BARE_STATE_ECHO). Like the load rows, both
 * servers first answer PUTs unrecorded for `warmupSeconds` (alternating), so that neither is measured while
 * its JIT warms up: a PUT every half millisecond makes its functions hot far more slowly than the load rows'
 * 40,000 requests a second. The first PUT of all is reported beside.
 */
export async function putState(
  context: ProbeContext,
  orderArgs: readonly string[],
  times: number,
  warmupSeconds: number,
): Promise<{ ms: number; bareMs: number; firstMs: number; bytes: number }> {
  const mock = await startOurs(context, 'ours (state)', orderArgs);
  const bare = spawnNode('bare (state echo)', ['-e', BARE_STATE_ECHO], { cpu: context.cpu });
  try {
    const bareOrigin = await bannerUrl(bare);
    const state = await timedRequest(`${mock.origin}/__mock/state`);
    if (state.status !== 200) throw new Error(`GET /__mock/state answered ${state.status}`);
    const put = async (origin: string) => {
      const answer = await timedRequest(`${origin}/__mock/state`, {
        method: 'PUT',
        headers: json,
        body: state.body,
      });
      if (answer.status !== 200)
        throw new Error(`PUT /__mock/state answered ${answer.status}: ${answer.body.slice(0, 200)}`);
      return answer.ms;
    };
    const firstMs = await put(mock.origin);
    const warmUntil = performance.now() + warmupSeconds * 1000;
    while (performance.now() < warmUntil) {
      await put(mock.origin);
      await put(bareOrigin);
    }
    const runs: number[] = [];
    const bareRuns: number[] = [];
    for (let i = 0; i < times; i++) {
      runs.push(await put(mock.origin));
      bareRuns.push(await put(bareOrigin));
    }
    return { ms: median(runs), bareMs: median(bareRuns), firstMs, bytes: state.body.length };
  } finally {
    await stop(mock.child);
    await stop(bare);
  }
}

/**
 * How many times `--state-file` writes the file while 1,000 cancels arrive back to back (and until it has
 * settled): each write replaces the file by a rename, which the folder's watcher sees.
 */
export async function stateFileWrites(
  context: ProbeContext,
  seedArgs: readonly string[],
): Promise<{ writes: number; burstMs: number }> {
  const folder = mkdtempSync(join(tmpdir(), 'petstore-bench-state-'));
  const file = join(folder, 'state.json');
  const mock = await startOurs(context, 'ours (state file)', [...seedArgs, '--state-file', file]);
  try {
    const orders = JSON.parse((await timedRequest(`${mock.origin}/__mock/orders`)).body) as {
      id: number | string;
      status: string;
    }[];
    const pending = orders.filter((order) => order.status === 'pending').slice(0, 1000);
    if (pending.length < 1000) throw new Error(`only ${pending.length} pending orders to cancel`);
    // Let the write of the start settle before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    let writes = 0;
    let burstMs = 0;
    const watcher = watch(folder, (_event, name) => {
      if (name === 'state.json') writes++;
    });
    try {
      const auth = { authorization: `Bearer ${context.apiKey}` };
      const started = performance.now();
      for (const order of pending) {
        const answer = await timedRequest(`${mock.origin}/v1/store/orders/${order.id}`, {
          method: 'DELETE',
          headers: auth,
        });
        if (answer.status !== 204) throw new Error(`a cancel answered ${answer.status}`);
      }
      burstMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      watcher.close();
    }
    return { writes, burstMs };
  } finally {
    await stop(mock.child);
    rmSync(folder, { recursive: true, force: true });
  }
}
