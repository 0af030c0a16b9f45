import { describe, expect, test } from 'vitest';
import type { OrderStore } from '../core/orders/store.ts';
import type { StoredOrder } from '../core/types.ts';

/** Builds a fresh store holding `seed`; each test gets its own, so tests never see each other's changes. */
export type OrderStoreFactory = (seed: readonly StoredOrder[]) => Promise<OrderStore>;

export const contractOrder = (id: string, status: StoredOrder['status']): StoredOrder => ({
  id,
  petId: '1',
  quantity: 1,
  shipDate: '2027-01-01T00:00:00.000Z',
  complete: status === 'shipped',
  status,
});

const seed = [contractOrder('1', 'pending'), contractOrder('2', 'shipped'), contractOrder('3', 'pending')];
const SHIP_DATE = '2027-02-01T00:00:00.000Z';
const ids = (orders: readonly StoredOrder[]) => orders.map((order) => order.id);

/**
 * The semantics every OrderStore must keep, the in-memory one and any shared one (Redis) alike: a new store
 * passes this suite before the mock may use it. The concurrency tests are what a shared store must keep
 * across processes, so they fire their calls at once rather than one after another.
 */
export function describeOrderStore(name: string, factory: OrderStoreFactory): void {
  describe(`${name} (OrderStore contract)`, () => {
    test('cancels a pending order once: the second attempt finds nothing, the list drops it', async () => {
      const store = await factory(seed);
      expect(await store.cancel('1')).toEqual({
        outcome: 'cancelled',
        order: { ...seed[0], status: 'cancelled' },
      });
      expect((await store.cancel('1')).outcome).toBe('not_found');
      expect(ids(await store.list())).toEqual(['2', '3']);
      expect((await store.get('1'))?.status).toBe('cancelled');
      expect(ids(await store.snapshot())).toEqual(['1', '2', '3']);
    });

    test('refuses to cancel a shipped order and leaves it unchanged', async () => {
      const store = await factory(seed);
      expect(await store.cancel('2')).toEqual({ outcome: 'already_shipped', order: seed[1] });
      expect(await store.get('2')).toEqual(seed[1]);
      expect((await store.cancel('404')).outcome).toBe('not_found');
      expect(await store.get('404')).toBeUndefined();
    });

    test('withdraws a pending or a shipped order from the list; again, or an unknown id, changes nothing', async () => {
      const store = await factory(seed);
      expect(await store.withdraw('2')).toEqual({
        outcome: 'withdrawn',
        order: { ...seed[1], status: 'cancelled' },
      });
      expect((await store.withdraw('1')).outcome).toBe('withdrawn');
      expect(ids(await store.list())).toEqual(['3']);
      expect((await store.cancel('2')).outcome).toBe('not_found');
      const revision = await store.revision();
      expect(await store.withdraw('2')).toEqual({
        outcome: 'withdrawn',
        order: { ...seed[1], status: 'cancelled' },
      });
      expect(await store.withdraw('404')).toEqual({ outcome: 'not_found' });
      expect(await store.revision()).toBe(revision);
      expect(ids(await store.snapshot())).toEqual(['1', '2', '3']);
    });

    test('gives exactly one success to 200 concurrent cancels of one pending order', async () => {
      const store = await factory(seed);
      const results = await Promise.all(Array.from({ length: 200 }, () => store.cancel('3')));
      expect(results.filter((result) => result.outcome === 'cancelled')).toHaveLength(1);
      expect(results.filter((result) => result.outcome === 'not_found')).toHaveLength(199);
    });

    test('lets exactly one of concurrent ships and cancels of one order win', async () => {
      const store = await factory(seed);
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => (i % 2 ? store.cancel('1') : store.ship('1', SHIP_DATE))),
      );
      const winners = results.filter((r) => r.outcome === 'cancelled' || r.outcome === 'shipped');
      expect(winners).toHaveLength(1);
      const final = await store.get('1');
      expect(final?.status).toBe(winners[0]?.outcome);
    });

    test('ships a pending order (complete, with the ship date) and refuses to ship it twice', async () => {
      const store = await factory(seed);
      const shipped = { ...seed[0], status: 'shipped', complete: true, shipDate: SHIP_DATE };
      expect(await store.ship('1', SHIP_DATE)).toEqual({ outcome: 'shipped', order: shipped });
      expect(await store.ship('1', SHIP_DATE)).toEqual({ outcome: 'not_pending', order: shipped });
      expect((await store.ship('404', SHIP_DATE)).outcome).toBe('not_found');
      expect((await store.list()).find((order) => order.id === '1')).toEqual(shipped);
    });

    test('changes the revision with every change, and only then', async () => {
      const store = await factory(seed);
      const first = await store.revision();
      await store.list();
      expect(await store.revision()).toBe(first);
      await store.cancel('2'); // refused: nothing changed
      await store.create(contractOrder('1', 'pending')); // refused: the id is taken
      expect(await store.revision()).toBe(first);
      await store.ship('1', SHIP_DATE);
      const second = await store.revision();
      expect(second).not.toBe(first);
      await store.cancel('3');
      expect(await store.revision()).not.toBe(second);
    });

    test('lists a created order at the end, with the next id when none is given', async () => {
      const store = await factory(seed);
      const { id: _, ...withoutId } = contractOrder('0', 'pending');
      const created = await store.create(withoutId);
      expect(created).toEqual({ outcome: 'created', order: { ...withoutId, id: '4' } });
      await store.create(contractOrder('10', 'pending'));
      expect(ids(await store.list())).toEqual(['1', '2', '3', '4', '10']);
      expect((await store.create(withoutId)).order.id).toBe('11');
    });

    test('refuses to create an order whose id is taken, cancelled ones included', async () => {
      const store = await factory(seed);
      await store.cancel('1');
      expect(await store.create(contractOrder('2', 'pending'))).toEqual({
        outcome: 'id_taken',
        order: seed[1],
      });
      expect((await store.create(contractOrder('1', 'pending'))).outcome).toBe('id_taken');
      expect(await store.snapshot()).toHaveLength(3);
    });

    test('resets to the seed after cancels, ships and creates', async () => {
      const store = await factory(seed);
      await store.cancel('1');
      await store.ship('3', SHIP_DATE);
      await store.create(contractOrder('9', 'pending'));
      await store.reset();
      expect(await store.snapshot()).toEqual(seed);
      expect(ids(await store.list())).toEqual(['1', '2', '3']);
    });

    test('keeps ids beyond 2^53 exact: neighbours stay apart and the next id counts on from them', async () => {
      const big = [
        contractOrder('9007199254740992', 'pending'),
        contractOrder('9007199254740993', 'pending'),
      ];
      const store = await factory(big);
      expect((await store.cancel('9007199254740993')).outcome).toBe('cancelled');
      expect((await store.get('9007199254740992'))?.status).toBe('pending');
      const { id: _, ...withoutId } = contractOrder('0', 'pending');
      expect((await store.create(withoutId)).order.id).toBe('9007199254740994');
      expect((await store.create(contractOrder('9223372036854775807', 'pending'))).outcome).toBe('created');
      expect((await store.get('9223372036854775807'))?.id).toBe('9223372036854775807');
    });

    test('never assigns an id beyond int64: after 2^63 - 1 the next order takes the first free id', async () => {
      const store = await factory([...seed, contractOrder('9223372036854775807', 'pending')]);
      const { id: _, ...withoutId } = contractOrder('0', 'pending');
      expect((await store.create(withoutId)).order.id).toBe('4');
      expect((await store.create(withoutId)).order.id).toBe('5');
    });

    test('keeps every field of an order as given, a quantity up to 2^53 - 1 included', async () => {
      const odd: StoredOrder = {
        id: '5',
        petId: '9007199254740993',
        quantity: Number.MAX_SAFE_INTEGER,
        shipDate: '2027-03-04T05:06:07.089Z',
        complete: true,
        status: 'pending',
      };
      const store = await factory([odd]);
      expect(await store.list()).toEqual([odd]);
      expect(await store.get('5')).toEqual(odd);
    });

    test('starts empty when seeded with no orders', async () => {
      const store = await factory([]);
      expect(await store.list()).toEqual([]);
      const { id: _, ...withoutId } = contractOrder('0', 'pending');
      expect((await store.create(withoutId)).order.id).toBe('1');
    });
  });
}
