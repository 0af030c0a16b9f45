import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nodeRequest } from '../test-support/host-request.ts';
import { roundTripsDuring } from '../test-support/redis-monitor.ts';
import { type Replica, startReplica } from '../test-support/redis-replica.ts';
import { redisServerInstalled, startRedisServer, type TestRedis } from '../test-support/redis-server.ts';
import { OTHER_PENDING_ID, PENDING_ID } from '../test-support/scenarios.ts';

const KEY = 'test-key';
const hasRedis = redisServerInstalled();
let redis: TestRedis;
let replica: Replica;

beforeAll(async () => {
  if (!hasRedis) return;
  redis = await startRedisServer();
  replica = await startReplica(redis.url, 'round-trips', { apiKeys: [KEY] });
});
afterAll(async () => {
  await replica?.close();
  await redis?.stop();
});

async function send(method: string, path: string, headers: Record<string, string> = {}) {
  const { port } = replica.mock;
  const all = { host: `127.0.0.1:${port}`, authorization: `Bearer ${KEY}`, ...headers };
  return (await nodeRequest(port, path, { method, headers: all })).status;
}

/** The round trips to Redis of one request, and its status. */
async function measured(method: string, path: string, headers: Record<string, string> = {}) {
  let status = 0;
  const trips = await roundTripsDuring(redis.port, async () => {
    status = await send(method, path, headers);
  });
  return { status, trips };
}

describe.skipIf(!hasRedis)('each Store API request is one round trip to Redis', () => {
  // The first requests of a replica load its scripts and meet the default state's document; later ones are
  // what a load rig sees.
  beforeAll(async () => {
    for (const session of [{}, { 'x-mock-session': 'warm-up' }] as Record<string, string>[]) {
      await send('GET', '/v1/store/orders', session);
      await send('DELETE', '/v1/store/orders/999999999', session);
    }
  });

  test('the list and a 404 cancel, without a session', async () => {
    expect(await measured('GET', '/v1/store/orders')).toEqual({ status: 200, trips: 1 });
    expect(await measured('DELETE', '/v1/store/orders/999999999')).toEqual({ status: 404, trips: 1 });
  });

  test("a session's list, cancels and a request that reads no order, once this replica knows the session", async () => {
    const session = { 'x-mock-session': 'trips' };
    // The session's first request on this replica creates it: it may take one more.
    expect(await send('GET', '/v1/store/orders', session)).toBe(200);
    expect(await measured('GET', '/v1/store/orders', session)).toEqual({ status: 200, trips: 1 });
    expect(await measured('DELETE', '/v1/store/orders/999999999', session)).toEqual({
      status: 404,
      trips: 1,
    });
    expect(await measured('DELETE', `/v1/store/orders/${PENDING_ID}`, session)).toEqual({
      status: 204,
      trips: 1,
    });
    // The first list after a change reads the orders (a second trip); the next ones are one again.
    expect(await send('GET', '/v1/store/orders', session)).toBe(200);
    expect(await measured('GET', '/v1/store/orders', session)).toEqual({ status: 200, trips: 1 });
    const unauthorized = { ...session, authorization: 'Bearer wrong' };
    expect(await measured('GET', '/v1/store/orders', unauthorized)).toEqual({ status: 401, trips: 1 });
    // The change stayed in the session.
    expect(await send('DELETE', `/v1/store/orders/${OTHER_PENDING_ID}`)).toBe(204);
    expect(await send('DELETE', `/v1/store/orders/${PENDING_ID}`, session)).toBe(404);
  });
});
