import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderStore } from '../../core/store.ts';
import { contractOrder, describeOrderStore } from '../../test-support/order-store-contract.ts';
import { redisServerInstalled, startRedisServer, type TestRedis } from '../../test-support/redis-server.ts';
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
  describeOrderStore('RedisOrderStore', async (seed) => {
    const prefix = `contract-${++prefixes}`;
    const [first, second] = [await client(), await client()];
    const stores = [
      await RedisOrderStore.open(first, prefix, seed),
      await RedisOrderStore.open(second, prefix, []),
    ];
    let turn = 0;
    const next = () => stores[turn++ % 2] as RedisOrderStore;
    return {
      revision: () => next().revision(),
      list: () => next().list(),
      snapshot: () => next().snapshot(),
      get: (id) => next().get(id),
      cancel: (id) => next().cancel(id),
      create: (order) => next().create(order),
      ship: (id, shipDate) => next().ship(id, shipDate),
      reset: () => next().reset(),
    } satisfies OrderStore;
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
