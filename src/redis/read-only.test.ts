import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { LATEST_TIME } from '../core/controls/clock.ts';
import type { Clock } from '../core/types.ts';
import { nodeRequest } from '../test-support/host-request.ts';
import { type Replica, startReplica } from '../test-support/redis-replica.ts';
import { redisServerInstalled, startRedisServer, type TestRedis } from '../test-support/redis-server.ts';
import { connectRedis, type RedisClient } from './connection.ts';

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

/** Real time as a system clock sees it, without the wall clock: every reading is a few ms later. */
function movingClock(): Clock {
  let now = Date.parse('2026-09-01T00:00:00Z');
  return { now: () => (now += 3) };
}

/** What the pages and a developer's scripts read over and over: the clocks, the dashboard, the journal. */
const READS = [
  '/__mock/clock',
  '/__mock/dashboard/clock',
  '/__dashboard/api/projects',
  '/__dashboard/api/projects/acme-shop/domains',
  '/__mock/requests',
  '/__mock/orders',
  '/__mock/sessions',
];

describe.skipIf(!hasRedis)('two replicas on a system clock', () => {
  test('serve read-only traffic under /__ without writing the shared document and without a 503', async () => {
    for (let i = 0; i < 2; i++) {
      const replica = await startReplica(
        redis.url,
        'reads',
        {},
        { clock: 'system', baseClock: movingClock() },
      );
      opened.push(replica);
    }
    const [one, two] = opened.map((replica) => replica.mock);
    if (!one || !two) throw new Error('two replicas expected');
    const read = (i: number) => {
      const path = READS[i % READS.length] as string;
      const port = i % 2 ? one.port : two.port;
      // Every third request reads a session's state: its document is written only when it changes too.
      const headers: Record<string, string> = { host: `127.0.0.1:${port}` };
      if (i % 3 === 0) headers['x-mock-session'] = 'reader';
      return nodeRequest(port, path, { headers });
    };
    // The first requests install the documents (the default state's, the session's); then reads only read.
    for (let i = 0; i < 6; i++) await read(i);
    const versions = ['reads:dashboard:version', 'reads:session:reader:dashboard:version'];
    const before = await Promise.all(versions.map((key) => client.get(key)));
    expect(before.every((version) => version !== null)).toBe(true);

    const statuses = await Promise.all(
      Array.from({ length: 300 }, (_, i) => read(i).then((response) => response.status)),
    );
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await Promise.all(versions.map((key) => client.get(key)))).toEqual(before);
  });

  test('a clock set to its last instant keeps answering as real time moves on', async () => {
    let now = Date.parse('2026-09-01T00:00:00Z');
    const base = { now: () => now };
    const replica = await startReplica(redis.url, 'bound', {}, { clock: 'system', baseClock: base });
    opened.push(replica);
    const { port } = replica.mock;
    const post = (path: string, body: unknown) =>
      nodeRequest(port, path, {
        method: 'POST',
        headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const to = new Date(LATEST_TIME).toISOString();
    expect((await post('/__mock/clock/set', { to })).status).toBe(200);
    now += 86_400_000;
    const clock = await nodeRequest(port, '/__mock/clock', { headers: { host: `127.0.0.1:${port}` } });
    expect([clock.status, JSON.parse(clock.body).now]).toEqual([200, to]);
  });
});
