import { describe, expect, test } from 'vitest';
import { InMemoryOrderStore } from './store.ts';
import type { StoredOrder } from './types.ts';

const order = (id: string, status: StoredOrder['status']): StoredOrder => ({
  id,
  petId: '1',
  quantity: 1,
  shipDate: '2027-01-01T00:00:00.000Z',
  complete: status === 'shipped',
  status,
});
const seed = [order('1', 'pending'), order('2', 'shipped'), order('3', 'pending')];

describe('InMemoryOrderStore', () => {
  test('cancels a pending order once: the second attempt finds nothing', async () => {
    const store = new InMemoryOrderStore(seed);
    expect((await store.cancel('1')).outcome).toBe('cancelled');
    expect((await store.cancel('1')).outcome).toBe('not_found');
    expect((await store.list()).map((o) => o.id)).toEqual(['2', '3']);
    expect((await store.get('1'))?.status).toBe('cancelled');
  });

  test('refuses to cancel a shipped order and leaves it unchanged', async () => {
    const store = new InMemoryOrderStore(seed);
    expect(await store.cancel('2')).toEqual({ outcome: 'already_shipped', order: seed[1] });
    expect(await store.get('2')).toEqual(seed[1]);
  });

  test('gives exactly one success to many concurrent cancels of one order', async () => {
    const store = new InMemoryOrderStore(seed);
    const results = await Promise.all(Array.from({ length: 200 }, () => store.cancel('3')));
    expect(results.filter((result) => result.outcome === 'cancelled')).toHaveLength(1);
  });

  test('changes the revision with every change, and only then', async () => {
    const store = new InMemoryOrderStore(seed);
    const first = await store.revision();
    const list = await store.list();
    expect(await store.revision()).toBe(first);
    expect(await store.list()).toBe(list);
    await store.cancel('2'); // refused: nothing changed
    expect(await store.revision()).toBe(first);
    await store.ship('1', '2027-02-01T00:00:00.000Z');
    expect(await store.revision()).not.toBe(first);
    expect(await store.get('1')).toMatchObject({
      status: 'shipped',
      complete: true,
      shipDate: '2027-02-01T00:00:00.000Z',
    });
  });

  test('creates orders with the next id, refuses a taken id, and resets to the seed', async () => {
    const store = new InMemoryOrderStore(seed);
    const created = await store.create({ ...order('0', 'pending'), id: undefined });
    expect(created).toMatchObject({ outcome: 'created', order: { id: '4' } });
    expect((await store.create(order('2', 'pending'))).outcome).toBe('id_taken');
    await store.cancel('1');
    await store.reset();
    expect(await store.snapshot()).toEqual(seed);
  });
});
