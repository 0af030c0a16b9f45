/**
 * Memory per session: a mock seeded with 100,000 orders, then 1,000 sessions that each list the orders
 * (untouched: they share the seed) and 20 that each cancel one (they copy it). Run with --expose-gc:
 * `node --expose-gc --import tsx scripts/bench-sessions.ts`; `npm run bench` does.
 */
import { execFileSync } from 'node:child_process';
import { createMock } from '../src/mock/mock.ts';
import { generateOrders } from '../src/seed/generate.ts';

export interface SessionMemory {
  readonly seedOrders: number;
  readonly untouchedSessions: number;
  readonly bytesPerUntouchedSession: number;
  readonly bytesPerChangedSession: number;
}

async function measure(): Promise<SessionMemory> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  const seedOrders = 100_000;
  const mock = createMock({
    orders: generateOrders({ seed: 7, count: seedOrders }),
    sessions: { maxSessions: 2_000 },
  });
  const headers = (session: string) => ({
    authorization: 'Bearer petstore-dev-key',
    'x-mock-session': session,
  });
  const heap = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
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
  };
}

/** Runs the measure in a child with --expose-gc and returns its result. */
export function sessionMemory(root: string): SessionMemory {
  const out = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'scripts/bench-sessions.ts'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  return JSON.parse(out) as SessionMemory;
}

export function sessionLines(memory: SessionMemory): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return (
    `${memory.untouchedSessions} untouched sessions over ${memory.seedOrders.toLocaleString('en')} seed orders: ` +
    `${kb(memory.bytesPerUntouchedSession)} each; a session that changed an order: ${kb(memory.bytesPerChangedSession)}`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await measure())}\n`);
}
