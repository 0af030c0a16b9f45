/**
 * Memory per session: a mock seeded with 100,000 orders, then 1,000 sessions that each list the orders
 * (untouched: they share the seed) and 20 that each cancel one (they copy a chunk of it); and the first
 * change of a session over 1,000,000 orders, its time and what it adds to the heap. Run with --expose-gc:
 * `node --expose-gc --import tsx scripts/bench-sessions.ts`; `npm run bench` does.
 */
import { execFileSync } from 'node:child_process';
import { ORDER_STATUSES } from '../src/core/orders/order-columns.ts';
import { createMock } from '../src/mock/mock.ts';
import { generateOrderColumns, generateOrders } from '../src/seed/generate.ts';

export interface SessionMemory {
  readonly seedOrders: number;
  readonly untouchedSessions: number;
  readonly bytesPerUntouchedSession: number;
  readonly bytesPerChangedSession: number;
  /** The first change (a cancel) of a fresh session over `firstChangeOrders` seed orders. */
  readonly firstChangeOrders: number;
  readonly firstChangeMs: number;
  readonly firstChangeBytes: number;
}

const gc = () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with node --expose-gc');
  collect();
};
const heap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

/** A session's first cancel over a million orders: it should copy one chunk, not the seed. */
async function firstChange(count: number) {
  const columns = generateOrderColumns({ seed: 7, count });
  const pending = ORDER_STATUSES.indexOf('pending');
  const row = columns.flags.indexOf(pending);
  const mock = createMock({ orders: columns });
  const request = (method: string, path: string, session?: string) =>
    mock.handle({
      method,
      path,
      query: '',
      headers: {
        authorization: 'Bearer petstore-dev-key',
        ...(session ? { 'x-mock-session': session } : {}),
      },
    });
  // The session exists (and has read the list) before it changes anything: the change alone is measured.
  await request('GET', '/v1/store/orders', 'first-change');
  const before = heap();
  const started = performance.now();
  const answer = await request('DELETE', `/v1/store/orders/${columns.ids[row]}`, 'first-change');
  const firstChangeMs = performance.now() - started;
  if (answer.status !== 204) throw new Error(`the first change answered ${answer.status}`);
  return { firstChangeOrders: count, firstChangeMs, firstChangeBytes: heap() - before };
}

async function measure(): Promise<SessionMemory> {
  const seedOrders = 100_000;
  const mock = createMock({
    orders: generateOrders({ seed: 7, count: seedOrders }),
    sessions: { maxSessions: 2_000 },
  });
  const headers = (session: string) => ({
    authorization: 'Bearer petstore-dev-key',
    'x-mock-session': session,
  });
  await mock.handle({ method: 'GET', path: '/v1/store/orders', query: '', headers: headers('warm-up') });
  const before = heap();
  const untouchedSessions = 1_000;
  for (let i = 0; i < untouchedSessions; i++) {
    await mock.handle({
      method: 'GET',
      path: '/v1/store/orders',
      query: '',
      headers: headers(`reader-${i}`),
    });
  }
  const afterReaders = heap();
  const writers = 20;
  for (let i = 0; i < writers; i++) {
    await mock.handle({
      method: 'DELETE',
      path: '/v1/store/orders/1',
      query: '',
      headers: headers(`writer-${i}`),
    });
  }
  const afterWriters = heap();
  return {
    seedOrders,
    untouchedSessions,
    bytesPerUntouchedSession: Math.round((afterReaders - before) / untouchedSessions),
    bytesPerChangedSession: Math.round((afterWriters - afterReaders) / writers),
    ...(await firstChange(Number(process.env.BENCH_HUGE ?? 1_000_000))),
  };
}

/** Runs the measure in a child with --expose-gc and returns its result. */
export function sessionMemory(root: string, huge: number): SessionMemory {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'scripts/bench-sessions.ts'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, BENCH_HUGE: String(huge) } },
  );
  return JSON.parse(out) as SessionMemory;
}

export function sessionLines(memory: SessionMemory): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return (
    `${memory.untouchedSessions} untouched sessions over ${memory.seedOrders.toLocaleString('en-US')} seed orders: ` +
    `${kb(memory.bytesPerUntouchedSession)} each; a session that changed an order: ${kb(memory.bytesPerChangedSession)}`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await measure())}\n`);
}
