import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from '../node/server.ts';
import { sendWithHost } from '../test-support/host-request.ts';
import { type Replica, startReplica } from '../test-support/redis-replica.ts';
import { redisServerInstalled, startRedisServer, type TestRedis } from '../test-support/redis-server.ts';
import { PENDING_ID, SHIPPED_ID } from '../test-support/scenarios.ts';

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

/** A mock on its own port whose state lives in the test's Redis under `keyPrefix`. */
async function replica(keyPrefix: string): Promise<RunningServer> {
  const started = await startReplica(redis.url, keyPrefix, { apiKeys: [KEY] });
  opened.push(started);
  return started.mock;
}

const send = (mock: RunningServer, method: string, path: string, body?: unknown, host?: string) =>
  sendWithHost(mock.port, KEY, method, path, body, host);

const listedIds = async (mock: RunningServer) =>
  ((await send(mock, 'GET', '/v1/store/orders')).body as { id: number }[]).map((order) => String(order.id));

describe.skipIf(!hasRedis)('two mocks on one Redis and key prefix', () => {
  let one: RunningServer;
  let two: RunningServer;
  beforeAll(async () => {
    [one, two] = [await replica('pair'), await replica('pair')];
  });

  test('show one state: a cancel on one is a 404 on the other, and both lists drop the order', async () => {
    await send(one, 'POST', '/__mock/reset');
    expect((await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`)).status).toBe(204);
    const again = await send(two, 'DELETE', `/v1/store/orders/${PENDING_ID}`);
    expect([again.status, again.body.code]).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(await listedIds(two)).not.toContain(PENDING_ID);
    expect(await listedIds(one)).toEqual(await listedIds(two));
    expect((await send(two, 'DELETE', `/v1/store/orders/${SHIPPED_ID}`)).status).toBe(409);
  });

  test('give exactly one 204 to 200 concurrent cancels of one order spread over both', async () => {
    await send(two, 'POST', '/__mock/reset');
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        send(i % 2 ? one : two, 'DELETE', `/v1/store/orders/${PENDING_ID}`).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(199);
  });

  test('let exactly one of concurrent ships (on one) and cancels (on the other) of one order win', async () => {
    await send(one, 'POST', '/__mock/reset');
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? send(one, 'POST', `/__mock/orders/${PENDING_ID}/ship`).then((r) => `ship ${r.status}`)
          : send(two, 'DELETE', `/v1/store/orders/${PENDING_ID}`).then((r) => `cancel ${r.status}`),
      ),
    );
    const winners = statuses.filter((status) => status === 'ship 200' || status === 'cancel 204');
    expect(winners).toHaveLength(1);
  });

  test('keep every one of concurrent changes to the simulation made through both', async () => {
    await send(one, 'POST', '/__mock/reset');
    const domains = '/__dashboard/api/projects/acme-shop/domains';
    const names = Array.from({ length: 16 }, (_, i) => `site-${i}.example.com`);
    const added = await Promise.all(
      names.map((name, i) => send(i % 2 ? one : two, 'POST', domains, { name })),
    );
    expect(added.map((response) => response.status)).toEqual(names.map(() => 201));
    const listed = (await send(two, 'GET', domains)).body as { name: string }[];
    expect(listed.map((domain) => domain.name).sort()).toEqual([...names].sort());
  });

  test('reset on one resets both', async () => {
    await send(one, 'DELETE', `/v1/store/orders/${PENDING_ID}`);
    await send(one, 'POST', '/__mock/dashboard/scenarios/every-state');
    expect((await send(two, 'POST', '/__mock/reset')).status).toBe(204);
    expect(await listedIds(one)).toContain(PENDING_ID);
    expect((await send(one, 'GET', '/__dashboard/api/projects/acme-shop/domains')).body).toEqual([]);
  });

  test('serve by Host on one a domain verified through the other, on one shared clock', async () => {
    await send(one, 'POST', '/__mock/reset');
    const domains = '/__dashboard/api/projects/acme-shop/domains';
    const [record] = (await send(one, 'POST', domains, { name: 'www.example.com' })).body.records;
    await send(two, 'POST', '/__dashboard/api/dns/zones', { name: 'example.com' });
    const { type, name, value, ttl } = record;
    await send(one, 'POST', '/__dashboard/api/dns/zones/example.com/records', { type, name, value, ttl });
    const early = await send(two, 'GET', '/v1/store/orders', undefined, 'www.example.com');
    expect(early.body.code).toBe('DOMAIN_NOT_VERIFIED');

    await send(two, 'POST', '/__mock/dashboard/clock/advance', { by: '1m' });
    expect((await send(one, 'POST', `${domains}/www.example.com/verify`)).status).toBe(202);
    await send(one, 'POST', '/__mock/dashboard/clock/advance', { by: '2m5s' });
    const clocks = [
      await send(one, 'GET', '/__mock/dashboard/clock'),
      await send(two, 'GET', '/__mock/dashboard/clock'),
    ];
    expect(clocks.map((clock) => clock.body)).toEqual([clocks[0]?.body, clocks[0]?.body]);
    expect(clocks[0]?.body.offset).toBe('3m5s');
    expect((await send(two, 'GET', '/v1/store/orders', undefined, 'www.example.com')).status).toBe(200);

    expect((await send(two, 'DELETE', `${domains}/www.example.com`)).status).toBe(204);
    const gone = await send(one, 'GET', '/v1/store/orders', undefined, 'www.example.com');
    expect([gone.status, gone.body.code]).toEqual([404, 'DOMAIN_REMOVED']);
  });

  test("share the mock's one clock: advanced on one, the pets sunset is reached on the other", async () => {
    await send(one, 'POST', '/__mock/reset');
    expect((await send(two, 'GET', '/v1/pets/1')).status).toBe(200);
    expect((await send(one, 'POST', '/__mock/clock/advance', { by: '800d' })).status).toBe(200);
    expect((await send(two, 'GET', '/v1/pets/1')).status).toBe(410);
    const clocks = [
      await send(one, 'GET', '/__mock/clock'),
      await send(two, 'GET', '/__mock/dashboard/clock'),
    ];
    expect(clocks[1]?.body).toEqual(clocks[0]?.body);
    await send(two, 'POST', '/__mock/reset');
    expect((await send(one, 'GET', '/v1/pets/1')).status).toBe(200);
  });

  test('keep apart from a mock under another key prefix', async () => {
    const other = await replica('other');
    await send(one, 'POST', '/__mock/reset');
    await send(other, 'DELETE', `/v1/store/orders/${PENDING_ID}`);
    expect(await listedIds(one)).toContain(PENDING_ID);
  });
});
