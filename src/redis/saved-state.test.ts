import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../node/server.ts';
import { nodeRequest, sendWithHost } from '../test-support/host-request.ts';
import { type Replica, startReplica } from '../test-support/redis-replica.ts';
import { redisServerInstalled, startRedisServer, type TestRedis } from '../test-support/redis-server.ts';

const KEY = 'test-key';
const hasRedis = redisServerInstalled();
let redis: TestRedis;
const opened: Replica[] = [];

beforeAll(async () => {
  if (hasRedis) redis = await startRedisServer();
});
afterAll(async () => {
  for (const replica of opened) await replica.close();
  await redis?.stop();
});

const send = (mock: RunningServer, method: string, path: string, body?: unknown) =>
  sendWithHost(mock.port, KEY, method, path, body);

async function inSession(mock: RunningServer, method: string, path: string, body?: unknown) {
  const response = await nodeRequest(mock.port, path, {
    method,
    headers: {
      'x-mock-session': 'saved',
      'content-type': 'application/json',
      authorization: `Bearer ${KEY}`,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: response.body ? JSON.parse(response.body) : undefined };
}

describe.skipIf(!hasRedis)('a state restored on a mock whose state is in Redis', () => {
  let one: RunningServer;
  let two: RunningServer;
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) opened.push(await startReplica(redis.url, 'saved', { apiKeys: [KEY] }));
    [one, two] = opened.map((replica) => replica.mock) as [RunningServer, RunningServer];
  });

  test('through one replica is the state of every replica: orders, clock and the domains simulation', async () => {
    await send(one, 'DELETE', '/v1/store/orders/1');
    await send(one, 'POST', '/__mock/presets/domains:verifying');
    await send(one, 'POST', '/__mock/clock/advance', { by: '2h' });
    const saved = (await send(one, 'GET', '/__mock/state')).body;
    expect(saved.domains.domains).toMatchObject([{ status: 'verifying' }]);

    await send(two, 'POST', '/__mock/reset');
    expect((await send(one, 'GET', '/__mock/state')).body.orders).toContainEqual(
      expect.objectContaining({ id: 1, status: 'pending' }),
    );
    expect((await send(two, 'PUT', '/__mock/state', saved)).status).toBe(200);
    const seen = (await send(one, 'GET', '/__mock/state')).body;
    expect({ ...seen, faults: [], latency: {} }).toEqual({ ...saved, faults: [], latency: {} });
    expect((await send(one, 'DELETE', '/v1/store/orders/1')).status).toBe(404);
  });

  test('a broken state changes nothing for any replica', async () => {
    const before = (await send(two, 'GET', '/__mock/state')).body;
    const refused = await send(one, 'PUT', '/__mock/state', { ...before, orders: [{ id: 1 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/orders\[0\]/);
    expect((await send(two, 'GET', '/__mock/state')).body).toEqual(before);
  });

  test('in a session, only that session’s keys change', async () => {
    const shared = (await send(one, 'GET', '/__mock/state')).body;
    const session = (await inSession(one, 'GET', '/__mock/state')).body;
    const emptied = { ...session, orders: [] };
    expect((await inSession(two, 'PUT', '/__mock/state', emptied)).status).toBe(200);
    expect((await inSession(one, 'GET', '/__mock/state')).body.orders).toEqual([]);
    expect((await send(two, 'GET', '/__mock/state')).body.orders).toEqual(shared.orders);
  });
});
