import { describe, expect, test } from 'vitest';
import { contractOrder, describeOrderStore } from '../../test-support/order-store-contract.ts';
import { createMockApi } from '../api.ts';
import type { StoredOrder } from '../types.ts';
import { COMPLETE_FLAG, OrderColumns } from './order-columns.ts';
import { InMemoryOrderStore } from './store.ts';

const PENDING = 0;
const SHIPPED = 1 | COMPLETE_FLAG;
const CANCELLED = 2;

/** Columns of `orders` given as [petId, quantity, shipDate, flags]; ids 1..n unless given. */
function columnsOf(orders: readonly [number, number, string, number][], ids?: readonly number[]) {
  const columns = new OrderColumns(orders.length);
  orders.forEach(([petId, quantity, shipDate, flags], row) => {
    columns.ids[row] = ids?.[row] ?? row + 1;
    columns.petIds[row] = petId;
    columns.quantities[row] = quantity;
    columns.shipTimes[row] = Date.parse(shipDate);
    columns.flags[row] = flags;
  });
  return columns;
}

const three = () =>
  columnsOf([
    [4, 2, '2027-01-05T10:20:30.456Z', PENDING],
    [9, 1, '2026-12-01T00:00:00.000Z', SHIPPED],
    [1, 5, '2026-11-30T23:59:59.999Z', CANCELLED],
  ]);
const threeOrders: StoredOrder[] = [
  {
    id: '1',
    petId: '4',
    quantity: 2,
    shipDate: '2027-01-05T10:20:30.456Z',
    complete: false,
    status: 'pending',
  },
  {
    id: '2',
    petId: '9',
    quantity: 1,
    shipDate: '2026-12-01T00:00:00.000Z',
    complete: true,
    status: 'shipped',
  },
  {
    id: '3',
    petId: '1',
    quantity: 5,
    shipDate: '2026-11-30T23:59:59.999Z',
    complete: false,
    status: 'cancelled',
  },
];

/** Columns for stored orders, when their numbers survive a double (the contract's seeds mostly do). */
function toColumns(orders: readonly StoredOrder[]): OrderColumns {
  const flag = { pending: PENDING, shipped: SHIPPED, cancelled: CANCELLED };
  return columnsOf(
    orders.map((order) => [Number(order.petId), order.quantity, order.shipDate, flag[order.status]]),
    orders.map((order) => Number(order.id)),
  );
}

// The store a generated seed gets must keep every promise of the one built from objects.
describeOrderStore(
  'InMemoryOrderStore from columns',
  async (seed) => InMemoryOrderStore.fromColumns(toColumns(seed)) ?? new InMemoryOrderStore(seed),
);

describe('OrderColumns', () => {
  test('a store loads them as they are: ids, statuses, completes and ship dates round-trip', async () => {
    const store = InMemoryOrderStore.fromColumns(three());
    expect(await store?.snapshot()).toEqual(threeOrders);
    expect(await store?.get('2')).toEqual(threeOrders[1]);
    expect(await store?.get('4')).toBeUndefined();
    expect((await store?.list())?.map((order) => order.id)).toEqual(['1', '2']);
    expect((await store?.create({ ...contractOrder('0', 'pending'), id: undefined }))?.order.id).toBe('4');
  });

  test('iterate as the seeds they hold, in the generator key order', () => {
    expect([...three()]).toEqual([
      {
        id: 1,
        petId: 4,
        quantity: 2,
        shipDate: '2027-01-05T10:20:30.456Z',
        complete: false,
        status: 'pending',
      },
      {
        id: 2,
        petId: 9,
        quantity: 1,
        shipDate: '2026-12-01T00:00:00.000Z',
        complete: true,
        status: 'shipped',
      },
      {
        id: 3,
        petId: 1,
        quantity: 5,
        shipDate: '2026-11-30T23:59:59.999Z',
        complete: false,
        status: 'cancelled',
      },
    ]);
  });

  test('stay as they were while the store changes and resets, so another store can load them again', async () => {
    const columns = three();
    const store = InMemoryOrderStore.fromColumns(columns) as InMemoryOrderStore;
    await store.cancel('1');
    await store.create({ ...contractOrder('0', 'pending'), id: undefined });
    expect((await store.ship('4', '2027-02-01T00:00:00.000Z')).outcome).toBe('shipped');
    expect([...columns].map((seed) => seed.status)).toEqual(['pending', 'shipped', 'cancelled']);
    expect(await InMemoryOrderStore.fromColumns(columns)?.snapshot()).toEqual(threeOrders);
    await store.reset();
    expect(await store.snapshot()).toEqual(threeOrders);
  });

  test('that do not fit a table take the object path: other ids, odd values, a bad entry named', async () => {
    const rows: [number, number, string, number][] = [[4, 2, '2027-01-05T10:20:30.456Z', PENDING]];
    const reordered = columnsOf([...rows, ...rows], [7, 3]);
    expect(InMemoryOrderStore.fromColumns(reordered)).toBeUndefined();
    const snapshot = await createMockApi({ orders: reordered }).store.snapshot();
    expect(snapshot.map((order) => order.id)).toEqual(['7', '3']);

    const incomplete = columnsOf([[4, 2, '2027-01-05T10:20:30.456Z', 1]]);
    expect(InMemoryOrderStore.fromColumns(incomplete)).toBeUndefined();
    expect(() => createMockApi({ orders: incomplete })).toThrow(
      'orders[0]: Invalid input: complete must be true when status is shipped.',
    );
    for (const [petId, quantity, shipTime] of [
      [Number.NaN, 1, 0],
      [1, 0, 0],
      [1, 1.5, 0],
      [1, 1, Number.NaN],
      [1, 1, 8.64e15],
    ] as const) {
      const odd = columnsOf([[petId, quantity, '2027-01-01T00:00:00.000Z', PENDING]]);
      odd.shipTimes[0] = shipTime;
      expect(odd.fitsTable(), `${petId} ${quantity} ${shipTime}`).toBe(false);
    }
  });

  test('refuse arrays whose length is not the number of orders', () => {
    const columns = three();
    expect(() => new OrderColumns(4, columns)).toThrow('exactly 4 entries');
  });
});
