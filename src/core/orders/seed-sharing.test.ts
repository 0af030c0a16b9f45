import { describe, expect, test } from 'vitest';
import { contractOrder, describeOrderStore } from '../../test-support/order-store-contract.ts';
import type { StoredOrder } from '../types.ts';
import { CHUNK_ROWS } from './list-chunks.ts';
import { InMemoryOrderStore } from './memory-store.ts';
import { OrderColumns } from './order-columns.ts';

// A session's store: a fork of the mock's store, before and after it copied what it changed.
describeOrderStore('InMemoryOrderStore forked from a seed', async (seed) =>
  new InMemoryOrderStore(seed).fork(),
);
describeOrderStore('InMemoryOrderStore forked, once it changed an order', async (seed) => {
  const store = new InMemoryOrderStore(seed).fork();
  await store.create({ ...contractOrder('0', 'pending'), id: '999' });
  await store.reset();
  return store;
});

const order = contractOrder;
const text = (store: InMemoryOrderStore, view: 'public' | 'admin' = 'admin') =>
  Buffer.concat(store.listChunks(view).map((chunk) => Buffer.from(chunk))).toString();

/** Ids 1..count, every third one shipped, as a generated seed would hold them. */
function columns(count: number): OrderColumns {
  const seed = new OrderColumns(count);
  for (let row = 0; row < count; row++) {
    seed.ids[row] = row + 1;
    seed.petIds[row] = 1;
    seed.quantities[row] = 1;
    seed.shipTimes[row] = Date.parse('2027-01-01T00:00:00.000Z');
    seed.flags[row] = row % 3 === 2 ? 1 | 4 : 0;
  }
  return seed;
}

describe('stores sharing one seed', () => {
  test('a fork never writes the store it came from, nor another fork', async () => {
    const main = InMemoryOrderStore.fromColumns(columns(3 * CHUNK_ROWS + 5)) as InMemoryOrderStore;
    const before = text(main);
    const [a, b] = [main.fork(), main.fork()];
    expect((await a.cancel('1')).outcome).toBe('cancelled');
    expect((await a.ship('2', '2027-02-01T00:00:00.000Z')).outcome).toBe('shipped');
    expect((await b.cancel(String(2 * CHUNK_ROWS + 2))).outcome).toBe('cancelled');
    expect([a.copiedChunks, b.copiedChunks, main.copiedChunks]).toEqual([1, 1, 0]);
    expect(text(main)).toBe(before);
    expect((await b.get('1'))?.status).toBe('pending');
    expect((await a.get(String(2 * CHUNK_ROWS + 2)))?.status).toBe('pending');
  });

  test('a fork created from a changed store starts from the seed, not from the changes', async () => {
    const main = new InMemoryOrderStore([order('1', 'pending'), order('2', 'pending')]);
    await main.cancel('1');
    await main.create({ ...order('0', 'pending'), id: '3' });
    await main.replace([order('7', 'shipped')]);
    const fork = main.fork();
    expect((await fork.snapshot()).map((o) => `${o.id} ${o.status}`)).toEqual(['1 pending', '2 pending']);
  });

  test('orders created in a fork fill the last seed chunk, then new chunks, and leave on reset', async () => {
    const main = InMemoryOrderStore.fromColumns(columns(CHUNK_ROWS - 2)) as InMemoryOrderStore;
    const fork = main.fork();
    for (let i = 0; i < 5; i++) await fork.create({ ...order('0', 'pending'), id: undefined });
    expect(fork.copiedChunks).toBe(2);
    const ids = (await fork.snapshot()).slice(-5).map((o) => o.id);
    expect(ids).toEqual(['4095', '4096', '4097', '4098', '4099']);
    expect(JSON.parse(text(fork, 'public'))).toHaveLength(CHUNK_ROWS + 3);
    await fork.reset();
    expect([fork.changed, fork.copiedChunks]).toEqual([false, 0]);
    expect(text(fork)).toBe(text(main));
    expect((await fork.create({ ...order('0', 'pending'), id: undefined })).order.id).toBe('4095');
    expect(await main.get('4095')).toBeUndefined();
  });

  test('odd texts (ids beyond 2^53, ship dates with offsets) survive changes, forks and resets', async () => {
    const odd: StoredOrder = {
      id: '9223372036854775807',
      petId: '9223372036854775806',
      quantity: 2,
      shipDate: '2027-01-01T10:00:00+02:00',
      complete: false,
      status: 'pending',
    };
    const main = new InMemoryOrderStore([odd, order('5', 'pending')]);
    const fork = main.fork();
    await fork.ship(odd.id, '2027-02-01T00:00:00.000Z');
    expect(await fork.get(odd.id)).toMatchObject({ shipDate: '2027-02-01T00:00:00.000Z', status: 'shipped' });
    expect(await main.get(odd.id)).toEqual(odd);
    await fork.create({ ...odd, id: '9223372036854775801', shipDate: '2027-03-01T00:00:00+01:00' });
    expect((await fork.get('9223372036854775801'))?.shipDate).toBe('2027-03-01T00:00:00+01:00');
    await fork.reset();
    expect(await fork.snapshot()).toEqual(await main.snapshot());
    expect(await fork.get('9223372036854775801')).toBeUndefined();
  });

  test('a reset costs the chunks a store copied: the seed’s rendered chunks are kept for everyone', async () => {
    const main = InMemoryOrderStore.fromColumns(columns(4 * CHUNK_ROWS)) as InMemoryOrderStore;
    const seeded = main.listChunks('public');
    const fork = main.fork();
    await fork.cancel('1');
    await fork.reset();
    const again = fork.listChunks('public');
    expect(again.slice(2).every((chunk, i) => chunk === seeded[i + 2])).toBe(true);
  });
});
