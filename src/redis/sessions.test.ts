import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SessionLimits } from '../core/controls/sessions.ts';
import type { RunningServer } from '../node/server.ts';
import { nodeRequest } from '../test-support/host-request.ts';
import { type Replica, startReplica } from '../test-support/redis-replica.ts';
import { redisServerInstalled, startRedisServer, type TestRedis } from '../test-support/redis-server.ts';
import { OTHER_PENDING_ID, PENDING_ID } from '../test-support/scenarios.ts';
import { connectRedis, type RedisClient } from './connection.ts';

const KEY = 'test-key';
const hasRedis = redisServerInstalled();
let redis: TestRedis;
let client: RedisClient;
const opened: Replica[] = [];

beforeAll(async () => {
  if (!hasRedis) return;
  redis = await startRedisServer();
  client = await connectRedis(redis.url);
});
afterAll(async () => {
  for (const replica of opened) await replica.close();
  client?.destroy();
  await redis?.stop();
});

/** A mock on its own port, its state and its sessions in the test's Redis under `keyPrefix`. */
async function replica(keyPrefix: string, sessions: Partial<SessionLimits> = {}): Promise<RunningServer> {
  const started = await startReplica(redis.url, keyPrefix, { apiKeys: [KEY], sessions });
  opened.push(started);
  return started.mock;
}

/** Two replicas on one Redis and key prefix. */
const pair = async (keyPrefix: string, sessions: Partial<SessionLimits> = {}) =>
  [await replica(keyPrefix, sessions), await replica(keyPrefix, sessions)] as const;

async function send(mock: RunningServer, method: string, path: string, session?: string, body?: unknown) {
  const headers: Record<string, string> = {
    host: `127.0.0.1:${mock.port}`,
    authorization: `Bearer ${KEY}`,
    'content-type': 'application/json',
  };
  if (session !== undefined) headers['x-mock-session'] = session;
  const json = body === undefined ? undefined : JSON.stringify(body);
  const response = await nodeRequest(mock.port, path, { method, headers, body: json });
  // biome-ignore lint/suspicious/noExplicitAny: tests read JSON bodies freely
  const parsed: any = response.body ? JSON.parse(response.body) : undefined;
  return { status: response.status, body: parsed };
}

const listed = async (mock: RunningServer, session?: string) =>
  ((await send(mock, 'GET', '/v1/store/orders', session)).body as { id: number }[]).map((o) => String(o.id));
const sessionIds = async (mock: RunningServer) =>
  ((await send(mock, 'GET', '/__mock/sessions')).body as { id: string }[]).map((s) => s.id);

describe.skipIf(!hasRedis)('sessions on a mock whose state is in Redis (--store)', () => {
  test('a request in a session is answered from its own state (it was a 400 SESSIONS_UNAVAILABLE)', async () => {
    const [one] = await pair('repro');
    const first = await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`, 'alice');
    expect([first.status, first.body?.code]).toEqual([204, undefined]);
    expect(await listed(one, 'alice')).not.toContain(PENDING_ID);
    expect(await listed(one)).toContain(PENDING_ID);
  });

  test('a cancel in session A through one replica is seen in A through the other, and nowhere else', async () => {
    const [one, two] = await pair('isolation');
    expect((await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`, 'A')).status).toBe(204);
    const again = await send(two, 'DELETE', `/v1/store/orders/${PENDING_ID}`, 'A');
    expect([again.status, again.body.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(await listed(two, 'A')).not.toContain(PENDING_ID);
    expect(await listed(two, 'B')).toContain(PENDING_ID);
    expect(await listed(one, 'B')).toContain(PENDING_ID);
    expect(await listed(two)).toContain(PENDING_ID);
    expect((await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`, 'B')).status).toBe(204);
  });

  test('the simulation and the clock of a session are shared by the replicas, and its own', async () => {
    const [one, two] = await pair('simulation');
    const zones = '/__dashboard/api/dns/zones';
    expect((await send(one, 'POST', zones, 'A', { name: 'example.com' })).status).toBe(201);
    const names = async (mock: RunningServer, session?: string) =>
      ((await send(mock, 'GET', zones, session)).body as { name: string }[]).map((zone) => zone.name);
    expect(await names(two, 'A')).toContain('example.com');
    expect(await names(two, 'B')).not.toContain('example.com');
    expect(await names(one)).not.toContain('example.com');

    expect((await send(two, 'POST', '/__mock/clock/advance', 'A', { by: '400d' })).status).toBe(200);
    expect((await send(one, 'GET', '/v1/pets/1', 'A')).status).toBe(410);
    expect((await send(one, 'GET', '/v1/pets/1', 'B')).status).toBe(200);
    expect((await send(two, 'GET', '/v1/pets/1')).status).toBe(200);
  });

  test('GET /__mock/sessions agrees on both replicas; DELETE on one drops it on both and its keys', async () => {
    const [one, two] = await pair('listing');
    await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`, 'A');
    await send(two, 'GET', '/v1/store/orders', 'B');
    const [onOne, onTwo] = [
      (await send(one, 'GET', '/__mock/sessions')).body,
      (await send(two, 'GET', '/__mock/sessions')).body,
    ];
    const shared = (list: { journalEntries: number }[]) => list.map(({ journalEntries: _, ...rest }) => rest);
    expect(shared(onOne)).toEqual(shared(onTwo));
    expect(onOne.map((s: { id: string; ordersCopied: boolean }) => [s.id, s.ordersCopied])).toEqual([
      ['A', true],
      ['B', false],
    ]);
    expect(onOne[0]).toMatchObject({
      created: '2026-09-01T00:00:00.000Z',
      lastUsed: '2026-09-01T00:00:00.000Z',
    });

    expect((await send(two, 'DELETE', '/__mock/sessions/A')).status).toBe(204);
    expect(await client.keys('listing:session:A:*')).toEqual([]);
    expect(await sessionIds(one)).toEqual(['B']);
    const gone = await send(one, 'DELETE', '/__mock/sessions/A');
    expect([gone.status, gone.body.code]).toEqual([404, 'SESSION_NOT_FOUND']);
    expect(await listed(one, 'A')).toContain(PENDING_ID); // starts again from the seed
  });

  test('a session dropped through another replica starts afresh at the next request of one that knew it', async () => {
    const [one, two] = await pair('dropped-elsewhere');
    expect((await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`, 'A')).status).toBe(204);
    expect((await send(two, 'DELETE', '/__mock/sessions/A')).status).toBe(204);
    expect(await listed(one, 'A')).toContain(PENDING_ID);
    expect((await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`, 'A')).status).toBe(204);
    expect(await sessionIds(two)).toEqual(['A']);
    expect(await listed(two, 'A')).not.toContain(PENDING_ID);
    expect(await listed(two)).toContain(PENDING_ID);
  });

  test('the request journal of a session is per replica, as the default one is', async () => {
    const [one, two] = await pair('journal');
    await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`, 'A');
    const journal = async (mock: RunningServer) =>
      ((await send(mock, 'GET', '/__mock/requests', 'A')).body as { method: string; path: string }[]).map(
        (entry) => `${entry.method} ${entry.path}`,
      );
    expect(await journal(one)).toEqual([`DELETE /v1/store/orders/${PENDING_ID}`]);
    expect(await journal(two)).toEqual([]);
  });

  test('--max-sessions is shared: a third session through either replica is a 429, the default does not count', async () => {
    const [one, two] = await pair('bound', { maxSessions: 2 });
    expect((await send(one, 'GET', '/v1/store/orders', 'a')).status).toBe(200);
    expect((await send(two, 'GET', '/v1/store/orders', 'b')).status).toBe(200);
    for (const mock of [one, two]) {
      const refused = await send(mock, 'GET', '/v1/store/orders', 'c');
      expect([refused.status, refused.body.code]).toEqual([429, 'TOO_MANY_SESSIONS']);
    }
    expect((await send(two, 'GET', '/v1/store/orders', 'a')).status).toBe(200); // never an eviction
    expect((await send(one, 'GET', '/v1/store/orders')).status).toBe(200);
    expect((await sessionIds(two)).sort()).toEqual(['a', 'b']);
  });

  test('of a burst of new sessions through both replicas at once, exactly --max-sessions succeed', async () => {
    const [one, two] = await pair('burst', { maxSessions: 5 });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(i % 2 ? one : two, 'GET', '/v1/store/orders', `s${i}`).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
    expect(await sessionIds(one)).toHaveLength(5);
  });

  test("a session idle longer than the TTL on the mock's clock starts afresh, whichever replica moved the clock", async () => {
    const [one, two] = await pair('expiry', { ttlMs: 60_000 });
    await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`, 'A');
    await send(one, 'POST', '/__mock/clock/advance', undefined, { by: '59s' });
    expect(await listed(two, 'A')).not.toContain(PENDING_ID); // used again: its idle time starts over
    await send(one, 'POST', '/__mock/clock/advance', undefined, { by: '61s' });
    expect(await sessionIds(two)).toEqual([]);
    expect(await client.keys('expiry:session:A:*')).toEqual([]);
    expect(await listed(two, 'A')).toContain(PENDING_ID);
  });

  test('sessions expire alike on memory and Redis after a reset took the clock back past a last use', async () => {
    const [one, two] = await pair('back', { ttlMs: 60_000, maxSessions: 2 });
    await send(one, 'POST', '/__mock/clock/advance', undefined, { by: '1h' });
    await send(one, 'GET', '/v1/store/orders', 'late');
    expect((await send(two, 'POST', '/__mock/reset')).status).toBe(204);
    await send(two, 'GET', '/v1/store/orders', 'early');
    await send(one, 'POST', '/__mock/clock/advance', undefined, { by: '2m' });
    // A last use later than the clock counted as the reset's time: both have been idle 2m now.
    expect((await send(two, 'GET', '/v1/store/orders', 'next')).status).toBe(200);
    expect((await send(one, 'GET', '/v1/store/orders', 'after')).status).toBe(200);
    expect((await sessionIds(one)).sort()).toEqual(['after', 'next']);
  });

  test("a session's keys carry a Redis expiry, refreshed on use, so Redis reclaims what nobody uses", async () => {
    const [one] = await pair('expiring', { ttlMs: 60_000 });
    await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`, 'A');
    await send(one, 'POST', '/__dashboard/api/dns/zones', 'A', { name: 'example.com' });
    const keys = (await client.keys('expiring:session:A:*')).sort();
    expect(keys).toEqual(
      ['dashboard', 'dashboard:version', 'max-id', 'order-ids', 'orders', 'revision'].map(
        (suffix) => `expiring:session:A:${suffix}`,
      ),
    );
    for (const key of keys) {
      const ttl = await client.pTTL(key);
      expect(ttl, key).toBeGreaterThan(0);
      expect(ttl, key).toBeLessThanOrEqual(120_000);
    }
    // Once Redis reclaimed them (here: by hand), the next use starts from the seed.
    await client.del(keys);
    expect(await listed(one, 'A')).toContain(PENDING_ID);
  });

  test('a reset in a session resets it on every replica and leaves the default and other sessions alone', async () => {
    const [one, two] = await pair('reset');
    for (const session of ['A', 'B', undefined]) {
      expect((await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`, session)).status).toBe(204);
    }
    await send(two, 'DELETE', `/v1/store/orders/${OTHER_PENDING_ID}`, 'A');
    expect((await send(two, 'POST', '/__mock/reset', 'A')).status).toBe(204);
    expect(await listed(one, 'A')).toEqual(expect.arrayContaining([PENDING_ID, OTHER_PENDING_ID]));
    expect(await listed(one, 'B')).not.toContain(PENDING_ID);
    expect(await listed(two)).not.toContain(PENDING_ID);
    expect((await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`, 'A')).status).toBe(204);
  });

  test('a Store API request without a valid key creates no session and writes no key', async () => {
    const [one, two] = await pair('anonymous');
    const anonymous = (mock: RunningServer, session: string) =>
      nodeRequest(mock.port, '/v1/store/orders', {
        headers: { host: `127.0.0.1:${mock.port}`, 'x-mock-session': session },
      });
    expect((await anonymous(one, 'drive-by')).status).toBe(401);
    expect(await sessionIds(two)).toEqual([]);
    expect(await client.keys('anonymous:session*')).toEqual([]);
    expect((await send(two, 'GET', '/v1/store/orders', 'keyed')).status).toBe(200);
    expect((await anonymous(one, 'keyed')).status).toBe(401);
    expect(await sessionIds(one)).toEqual(['keyed']);
  });

  test('an invalid session id is a 400 Error body, and writes no key', async () => {
    const [one] = await pair('invalid');
    for (const id of ['a b', 'x'.repeat(65), 'a:b', '*', '.', '..']) {
      const response = await send(one, 'GET', '/v1/store/orders', id);
      expect([response.status, response.body.code], id).toEqual([400, 'INVALID_SESSION']);
    }
    expect(await client.keys('invalid:session*')).toEqual([]);
  });
});
