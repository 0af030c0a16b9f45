/**
 * MSW per-request cost, in one process: `fetch` through our handlers against a minimal hand-written handler
 * that returns the same bytes, alternating every 20 fetches. Prints one JSON line: milliseconds per fetch
 * per round, and the ratio of each pair of blocks.
 *
 * Usage: node --import tsx scripts/bench-msw.ts [--seconds 1] [--rounds 3]
 */
import { parseArgs } from 'node:util';
import { HttpResponse, http, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { createHandlers } from '../src/msw/index.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '1' }, rounds: { type: 'string', default: '3' } },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);

const apiKey = 'bench-key';
const credential = `Bearer ${apiKey}`;
const url = 'http://localhost:4010/v1/store/orders';
const ours = createHandlers({ baseUrl: 'http://localhost:4010/v1', apiKeys: [apiKey] });

// The same bytes and headers as ours, rendered once by the core.
const render = (authorization?: string) =>
  ours.controller.api.handle({
    method: 'GET',
    path: '/v1/store/orders',
    query: '',
    headers: authorization ? { authorization } : {},
  });
const list = await render(credential);
const unauthorized = await render();
const minimal = [
  http.get(url, ({ request }) => {
    const answer = request.headers.get('authorization') === credential ? list : unauthorized;
    return new HttpResponse(answer.body?.text ?? null, { status: answer.status, headers: answer.headers });
  }),
];

const server = setupServer();
server.listen({ onUnhandledRequest: 'error' });

async function fetchOnce(): Promise<void> {
  const response = await fetch(url, { headers: { authorization: credential } });
  await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
}

const BLOCK = 20;

/** BLOCK sequential fetches through `handlers`; milliseconds taken. */
async function block(handlers: readonly RequestHandler[]): Promise<number> {
  server.resetHandlers(...handlers);
  const started = performance.now();
  for (let i = 0; i < BLOCK; i++) await fetchOnce();
  return performance.now() - started;
}

/**
 * One round of `seconds`: pairs of blocks, one through ours and one through the minimal handler, the pair's
 * order swapped each time (ours first, then the minimal handler first) so that what one block leaves behind (a
 * garbage collection it started, a cache it warmed) falls on both alike. Milliseconds per fetch over the
 * round, and each pair's ratio: a stall of the host lands in one block of one pair, where it moved a whole
 * round's ratio between 0.69 and 1.64 here (the minimal handler against a copy of itself: 1.00 either way).
 */
async function timeRound(): Promise<{ ours: number; minimal: number; pairRatios: number[] }> {
  let oursMs = 0;
  let minimalMs = 0;
  const pairRatios: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const oursFirst = pairRatios.length % 2 === 0;
    const first = await block(oursFirst ? ours.handlers : minimal);
    const second = await block(oursFirst ? minimal : ours.handlers);
    const [oursBlock, minimalBlock] = oursFirst ? [first, second] : [second, first];
    oursMs += oursBlock;
    minimalMs += minimalBlock;
    pairRatios.push(oursBlock / minimalBlock);
  }
  const fetches = pairRatios.length * BLOCK;
  return { ours: oursMs / fetches, minimal: minimalMs / fetches, pairRatios };
}

try {
  await timeRound(); // warm-up, not recorded
  const samples: { ours: number; minimal: number }[] = [];
  const pairRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const { pairRatios: roundRatios, ...perFetch } = await timeRound();
    samples.push(perFetch);
    pairRatios.push(...roundRatios);
  }
  process.stdout.write(`${JSON.stringify({ samples, pairRatios })}\n`);
} finally {
  server.close();
}
