import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningServer, startServer } from '../node/server.ts';
import {
  freePort,
  redisServerInstalled,
  startRedisServer,
  type TestRedis,
} from '../test-support/redis-server.ts';
import { PENDING_ID } from '../test-support/scenarios.ts';
import { openRedisState, type RedisState, StoreUnreachableError } from './index.ts';

const KEY = 'test-key';
const hasRedis = redisServerInstalled();
let redis: TestRedis;
let state: RedisState;
let mock: RunningServer;

beforeAll(async () => {
  if (!hasRedis) return;
  redis = await startRedisServer();
  state = await openRedisState({
    url: redis.url,
    keyPrefix: 'faults',
    baseClock: { now: () => Date.parse('2026-09-01T00:00:00Z') },
  });
  mock = await startServer({
    port: 0,
    apiKeys: [KEY],
    store: state.store,
    clock: state.clock,
    domains: { store: state.dashboardStore },
    share: state.share,
    sessionDirectory: state.sessions,
  });
});
afterAll(async () => {
  redis?.resume();
  await mock?.close();
  await state?.close();
  await redis?.stop();
});

/** Any answer must come within 2 s: the signal aborts a request that hangs, which fails the test. */
async function call(path: string, method = 'GET', session?: string) {
  const response = await fetch(`${mock.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(session ? { 'x-mock-session': session } : {}) },
    signal: AbortSignal.timeout(2000),
  });
  return { status: response.status, body: (await response.json().catch(() => undefined)) as unknown };
}

const unavailable = {
  status: 503,
  body: { code: 'STORE_UNAVAILABLE', status: 503, message: expect.stringContaining('Redis') },
};
const paths = [
  ['GET', '/v1/store/orders'],
  ['DELETE', `/v1/store/orders/${PENDING_ID}`],
  ['GET', '/__mock/orders'],
  ['GET', '/__dashboard/api/projects'],
  ['POST', '/__mock/reset'],
  ['GET', '/__mock/sessions'],
  ['DELETE', '/__mock/sessions/A'],
] as const;
/** The same in a session: its registry, orders and document are in Redis too. */
const inSession = [
  ['GET', '/v1/store/orders'],
  ['DELETE', `/v1/store/orders/${PENDING_ID}`],
  ['GET', '/__dashboard/api/projects'],
  ['POST', '/__mock/reset'],
] as const;

async function eventually(path: string, status: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await call(path)).status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${path} never answered ${status}`);
}

describe.skipIf(!hasRedis)('when Redis goes away while the mock serves', () => {
  test('answers 503 STORE_UNAVAILABLE Error bodies at once, and normal answers once a restarted Redis is back', async () => {
    expect((await call(`/v1/store/orders/${PENDING_ID}`, 'DELETE')).status).toBe(204);
    expect((await call(`/v1/store/orders/${PENDING_ID}`, 'DELETE', 'A')).status).toBe(204);
    await redis.kill();
    for (const [method, path] of paths) expect(await call(path, method)).toEqual(unavailable);
    for (const [method, path] of inSession) expect(await call(path, method, 'A'), path).toEqual(unavailable);

    await redis.restart();
    await eventually('/v1/store/orders', 200);
    // The restarted Redis kept nothing: the first call to notice seeded it again, so the order is back.
    const ids = ((await call('/v1/store/orders')).body as { id: number }[]).map((order) => String(order.id));
    expect(ids).toContain(PENDING_ID);
    expect((await call('/__dashboard/api/projects')).status).toBe(200);
    expect((await call(`/v1/store/orders/${PENDING_ID}`, 'DELETE')).status).toBe(204);
    // The session went with the rest: its next use starts it again from the seed.
    expect((await call(`/v1/store/orders/${PENDING_ID}`, 'DELETE', 'A')).status).toBe(204);
    expect((await call('/__dashboard/api/projects', 'GET', 'A')).status).toBe(200);
  });

  test('answers 503 within 2 s when Redis hangs, and normal answers once it runs again', async () => {
    redis.pause();
    expect(await call('/v1/store/orders')).toEqual(unavailable);
    expect(await call('/__dashboard/api/projects')).toEqual(unavailable);
    expect(await call('/v1/store/orders', 'GET', 'A')).toEqual(unavailable);
    redis.resume();
    await eventually('/v1/store/orders', 200);
    await eventually('/__dashboard/api/projects', 200);
  });
});

describe.skipIf(!hasRedis)('when Redis cannot be reached at start', () => {
  test('fails at once with one line naming the address', async () => {
    const url = `redis://127.0.0.1:${await freePort()}/0`;
    const opening = openRedisState({ url });
    await expect(opening).rejects.toBeInstanceOf(StoreUnreachableError);
    await expect(opening).rejects.toThrow(`cannot reach Redis at ${url} (`);
  });
});
