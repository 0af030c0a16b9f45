import { describe, expect, test } from 'vitest';
import { contractOrder, describeOrderStore } from '../../test-support/order-store-contract.ts';
import type { StoredOrder } from '../types.ts';
import { InMemoryOrderStore } from './store.ts';

describeOrderStore('InMemoryOrderStore', async (seed) => new InMemoryOrderStore(seed));

describe('InMemoryOrderStore', () => {
  test('hands out the same list object until something changes, so the route can cache its JSON', async () => {
    const store = new InMemoryOrderStore([contractOrder('1', 'pending'), contractOrder('2', 'pending')]);
    const list = await store.list();
    expect(await store.list()).toBe(list);
    await store.cancel('1');
    expect(await store.list()).not.toBe(list);
  });
});

const INT64_MAX = '9223372036854775807';
const order = contractOrder;
const seed = [order('1', 'pending'), order('2', 'shipped'), order('3', 'pending')];

describe('InMemoryOrderStore ids (issue #11.8)', () => {
  test('never assigns an id beyond int64: after 2^63 - 1 it takes the first free id', async () => {
    const store = new InMemoryOrderStore(seed);
    expect((await store.create({ ...order(INT64_MAX, 'pending') })).outcome).toBe('created');
    const first = await store.create({ ...order('0', 'pending'), id: undefined });
    const second = await store.create({ ...order('0', 'pending'), id: undefined });
    expect([first, second].map((result) => result.order.id)).toEqual(['4', '5']);
    for (const listed of await store.list()) {
      expect((await store.cancel(listed.id)).outcome, listed.id).not.toBe('not_found');
    }
  });

  test('counts on from the largest id, beyond 2^53 exactly', async () => {
    const store = new InMemoryOrderStore([order('9007199254740993', 'pending'), order('12', 'shipped')]);
    const created = await store.create({ ...order('0', 'pending'), id: undefined });
    expect(created.order.id).toBe('9007199254740994');
    expect((await store.get('9007199254740994'))?.status).toBe('pending');
    expect(await store.get('9007199254740992')).toBeUndefined();
  });

  test('assigns from 1 in an empty store and forgets created orders on reset', async () => {
    const store = new InMemoryOrderStore([]);
    expect((await store.create({ ...order('0', 'pending'), id: undefined })).order.id).toBe('1');
    await store.reset();
    expect(await store.list()).toEqual([]);
    expect((await store.create({ ...order('0', 'pending'), id: undefined })).order.id).toBe('1');
  });

  test('keeps ids, pet ids and ship dates exactly as given, odd ones included', async () => {
    const odd: StoredOrder = {
      id: INT64_MAX,
      petId: '9223372036854775806',
      quantity: 3,
      shipDate: '2027-01-01T10:00:00+02:00',
      complete: false,
      status: 'pending',
    };
    const store = new InMemoryOrderStore([odd, order('0', 'cancelled')]);
    expect(await store.snapshot()).toEqual([odd, order('0', 'cancelled')]);
    expect(await store.list()).toEqual([odd]);
    await store.ship(INT64_MAX, '2027-02-01T00:00:00.000Z');
    await store.create({ ...odd, id: '5', shipDate: '2027-03-01T00:00:00Z' });
    await store.reset();
    expect(await store.snapshot()).toEqual([odd, order('0', 'cancelled')]);
    expect(await store.get('5')).toBeUndefined();
  });
});

describe('InMemoryOrderStore listing (issue #11.13)', () => {
  const many = Array.from({ length: 20_000 }, (_, index) => order(String(index + 1), 'pending'));

  test('after a change re-renders only the part of the list that holds the changed order', async () => {
    const store = new InMemoryOrderStore(many);
    const before = store.listChunks('public');
    expect(before.length).toBeGreaterThan(3);
    await store.cancel('7');
    const after = store.listChunks('public');
    expect(after.filter((chunk, index) => chunk !== before[index])).toHaveLength(1);
  });

  test('the chunks spell the same JSON as the orders they list, in both views', async () => {
    const store = new InMemoryOrderStore([...seed, order('9223372036854775807', 'pending')]);
    await store.cancel('1');
    const text = (view: 'public' | 'admin') =>
      new TextDecoder().decode(Buffer.concat(store.listChunks(view).map((chunk) => Buffer.from(chunk))));
    expect(text('public')).toBe(
      '[{"id":2,"petId":1,"quantity":1,"shipDate":"2027-01-01T00:00:00.000Z","complete":true},' +
        '{"id":3,"petId":1,"quantity":1,"shipDate":"2027-01-01T00:00:00.000Z","complete":false},' +
        '{"id":9223372036854775807,"petId":1,"quantity":1,"shipDate":"2027-01-01T00:00:00.000Z","complete":false}]',
    );
    const admin = JSON.parse(text('admin')) as { status: string }[];
    expect(admin.map((entry) => entry.status)).toEqual(['cancelled', 'shipped', 'pending', 'pending']);
    await store.reset();
    expect(JSON.parse(text('public'))).toHaveLength(4);
    expect(
      JSON.parse(
        new InMemoryOrderStore([])
          .listChunks('public')
          .map((c) => Buffer.from(c))
          .join(''),
      ),
    ).toEqual([]);
  });
});

describe('InMemoryOrderStore scenarios', () => {
  test('replace() serves the given orders in both lists, and reset() brings back the seed', async () => {
    const store = new InMemoryOrderStore(seed);
    const text = (view: 'public' | 'admin') =>
      Buffer.concat(store.listChunks(view).map((chunk) => Buffer.from(chunk))).toString();
    text('public');
    await store.cancel('1');
    await store.replace([order('7', 'pending')]);
    expect((await store.list()).map((listed) => listed.id)).toEqual(['7']);
    expect(JSON.parse(text('admin'))).toEqual([expect.objectContaining({ id: 7, status: 'pending' })]);
    await store.reset();
    expect(await store.snapshot()).toEqual(seed);
    expect((JSON.parse(text('public')) as { id: number }[]).map((listed) => listed.id)).toEqual([1, 2, 3]);
  });
});
