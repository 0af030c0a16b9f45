import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderStore } from '../core/orders/store.ts';
import type { StoredOrder } from '../core/types.ts';
import { contractOrder, describeOrderStore } from '../test-support/order-store-contract.ts';
import { redisServerInstalled, startRedisServer, type TestRedis } from '../test-support/redis-server.ts';
import { connectRedis, type RedisClient } from './connection.ts';
import { RedisOrderStore } from './order-store.ts';

const hasRedis = redisServerInstalled();
let redis: TestRedis;
const clients: RedisClient[] = [];
let prefixes = 0;

beforeAll(async () => {
  if (hasRedis) redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await redis?.stop();
});

async function client(): Promise<RedisClient> {
  const connected = await connectRedis(redis.url);
  clients.push(connected);
  return connected;
}

describe.skipIf(!hasRedis)('with a real redis-server', () => {
  // Each test gets its own prefix, and the calls of one store go through two connections, as two replicas'
  // would: the contract's concurrency tests then race across connections.
  describeOrderStore('RedisOrderStore', async (seed) => alternating((await twoProcesses(seed)).stores));

  // A session's orders: the stored seed read in place, copied to the session's keys on its first change.
  describeOrderStore('RedisOrderStore of a session', async (seed) => {
    const { prefix, first, stores } = await twoProcesses(seed);
    // What the registry does when it creates the session (shared-sessions.ts).
    await first.set(`${prefix}:session:s:revision`, '0', { PX: 60_000 });
    return alternating(stores.map((store) => store.session('s', `${prefix}:session:s`)));
  });
});

/** One store under a prefix of its own, opened by two connections (two processes): the first seeds it. */
async function twoProcesses(seed: readonly StoredOrder[]) {
  const prefix = `contract-${++prefixes}`;
  const [first, second] = [await client(), await client()];
  const stores = [
    await RedisOrderStore.open(first, prefix, seed),
    await RedisOrderStore.open(second, prefix, []),
  ];
  return { prefix, first, stores };
}

/** One store whose calls go to `stores` in turn, as requests spread over replicas would. */
function alternating(stores: RedisOrderStore[]): OrderStore {
  let turn = 0;
  const next = () => stores[turn++ % stores.length] as RedisOrderStore;
  return {
    revision: () => next().revision(),
    list: () => next().list(),
    snapshot: () => next().snapshot(),
    get: (id) => next().get(id),
    cancel: (id) => next().cancel(id),
    create: (order) => next().create(order),
    ship: (id, shipDate) => next().ship(id, shipDate),
    withdraw: (id) => next().withdraw(id),
    reset: () => next().reset(),
  } satisfies OrderStore;
}

describe.skipIf(!hasRedis)('with a real redis-server, beyond the contract', () => {
  test("a session's store reads the seed in place until its first change, and a reset drops its copy", async () => {
    const connection = await client();
    const shared = await RedisOrderStore.open(connection, 'cow', [contractOrder('1', 'pending')]);
    await connection.set('cow:session:s:revision', '0', { PX: 60_000 });
    const session = shared.session('s', 'cow:session:s');
    expect(await session.list()).toHaveLength(1);
    expect(await connection.keys('cow:session:s:*')).toEqual(['cow:session:s:revision']);
    expect((await session.cancel('1')).outcome).toBe('cancelled');
    expect((await connection.keys('cow:session:s:*')).sort()).toEqual(
      ['max-id', 'order-ids', 'orders', 'revision'].map((name) => `cow:session:s:${name}`),
    );
    expect(await connection.pTTL('cow:session:s:orders')).toBeGreaterThan(0);
    expect((await shared.get('1'))?.status).toBe('pending');
    await session.reset();
    expect(await connection.keys('cow:session:s:*')).toEqual(['cow:session:s:revision']);
    expect((await session.get('1'))?.status).toBe('pending');
  });

  test("a session's store answers 404 SESSION_NOT_FOUND once the session's keys are gone", async () => {
    const connection = await client();
    const shared = await RedisOrderStore.open(connection, 'gone', [contractOrder('1', 'pending')]);
    const session = shared.session('s', 'gone:session:s');
    await expect(session.cancel('1')).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND', status: 404 });
    await expect(session.revision()).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect(await connection.keys('gone:session:*')).toEqual([]);
  });

  describe('RedisOrderStore', () => {
    const seed = [contractOrder('1', 'pending'), contractOrder('2', 'pending')];

    test('is seeded by the first process only: a later one finds the state and keeps it', async () => {
      const first = await RedisOrderStore.open(await client(), 'seeding', seed);
      await first.cancel('1');
      const later = await RedisOrderStore.open(await client(), 'seeding', [contractOrder('7', 'pending')]);
      expect((await later.list()).map((order) => order.id)).toEqual(['2']);
      await later.reset();
      expect(await first.snapshot()).toEqual(seed);
    });

    test('keeps stores under different prefixes apart', async () => {
      const one = await RedisOrderStore.open(await client(), 'apart-1', seed);
      const two = await RedisOrderStore.open(await client(), 'apart-2', seed);
      await one.cancel('1');
      expect((await two.get('1'))?.status).toBe('pending');
    });

    test('reseeds the state when Redis lost it, at the first call that notices', async () => {
      const connection = await client();
      const store = await RedisOrderStore.open(connection, 'lost', seed);
      await store.cancel('1');
      const before = await store.revision();
      await connection.flushAll();
      expect((await store.get('1'))?.status).toBe('pending');
      expect(await store.revision()).not.toBe(before);
      expect((await store.cancel('2')).outcome).toBe('cancelled');
    });
  });
});
