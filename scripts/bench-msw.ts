/**
 * MSW per-request cost, in one process: `fetch` through our handlers against a minimal hand-written handler
 * that returns the same bytes, alternating A B A B. Prints one JSON line: milliseconds per fetch per round.
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

/** Sequential fetches for `seconds`; milliseconds per fetch. */
async function timeRound(handlers: readonly RequestHandler[]): Promise<number> {
  server.resetHandlers(...handlers);
  for (let i = 0; i < 20; i++) await fetchOnce();
  let count = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  while (performance.now() < until) {
    await fetchOnce();
    count++;
  }
  return (performance.now() - started) / count;
}

try {
  const samples: { ours: number; minimal: number }[] = [];
  for (let round = 0; round < rounds; round++) {
    samples.push({ ours: await timeRound(ours.handlers), minimal: await timeRound(minimal) });
  }
  process.stdout.write(`${JSON.stringify({ samples })}\n`);
} finally {
  server.close();
}
