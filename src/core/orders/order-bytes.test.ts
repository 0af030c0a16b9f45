import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { OrderStatus, StoredOrder } from '../types.ts';
import { InMemoryOrderStore } from './memory-store.ts';
import { putIsoTime, putOrderJson } from './order-bytes.ts';
import { COMPLETE_FLAG, ORDER_STATUSES, OrderColumns } from './order-columns.ts';
import { adminOrderJson, orderJson } from './order-json.ts';

const decoder = new TextDecoder();

/** The bytes a list's chunks make, as text. */
function listText(chunks: readonly Uint8Array[]): string {
  return chunks.map((chunk) => decoder.decode(chunk)).join('');
}

/** The lists as the object path writes them: an object per order, then orderJson / adminOrderJson. */
async function objectLists(store: InMemoryOrderStore) {
  const orders = await store.snapshot();
  return {
    public: `[${orders.filter((order) => order.status !== 'cancelled').map(orderJson)}]`,
    admin: `[${orders.map(adminOrderJson)}]`,
  };
}

// Every time a Date holds, so the years outside 0000-9999 (written +010000-… and -000001-…) come up too.
const anyTime = fc.integer({ min: -8.64e15, max: 8.64e15 });
const isoTime = fc.oneof(anyTime, fc.integer({ min: -62_167_219_200_000, max: 253_402_300_799_999 }));
// Any double, and integers across the whole safe range (the digits of ids and pet ids near 2^53).
const number = fc.oneof(fc.double(), fc.maxSafeNat(), fc.integer({ min: 2 ** 53 - 100, max: 2 ** 53 - 1 }));
const status = fc.constantFrom<OrderStatus>(...ORDER_STATUSES);
const decimal = fc.oneof(
  fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }).map(String),
  fc.integer({ min: 0, max: 10_000 }).map(String),
);
const shipDate = fc.oneof(
  isoTime.map((time) => new Date(time).toISOString()),
  // Texts a number does not hold: other date forms, and characters JSON escapes.
  fc.string(),
  fc.constantFrom('2026-09-04T00:00:00Z', '2026-09-04', 'a "quoted"\\ date\n', '\u2028\u0000é😀'),
);
const storedOrder = fc.record<StoredOrder>({
  id: decimal,
  petId: decimal,
  quantity: fc.oneof(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.double(), fc.integer()),
  shipDate,
  complete: fc.boolean(),
  status,
});

describe("writing an order's JSON straight from the columns", () => {
  test('writes the same bytes as the object path for arbitrary numbers, public and admin forms', () => {
    const into = new Uint8Array(512);
    fc.assert(
      fc.property(
        number,
        number,
        number,
        anyTime,
        fc.integer({ min: 0, max: 2 }),
        fc.boolean(),
        (id, petId, quantity, time, statusIndex, complete) => {
          const order: StoredOrder = {
            id: String(id),
            petId: String(petId),
            quantity,
            shipDate: new Date(time).toISOString(),
            complete,
            status: ORDER_STATUSES[statusIndex] as OrderStatus,
          };
          const flags = statusIndex | (complete ? COMPLETE_FLAG : 0);
          for (const [withStatus, json] of [
            [false, orderJson],
            [true, adminOrderJson],
          ] as const) {
            const end = putOrderJson(into, 0, id, petId, quantity, time, flags, withStatus);
            expect(decoder.decode(into.subarray(0, end))).toBe(`,${json(order)}`);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('writes ship dates as toISOString() does, around the edges of years, months and eras', () => {
    const into = new Uint8Array(32);
    const edges = ['0000-01-01T00:00:00.000Z', '1969-12-31T23:59:59.999Z', '2000-02-29T12:00:00.000Z'];
    const times = [
      ...edges.map(Date.parse),
      0,
      -1,
      951_782_400_000,
      253_402_300_799_999,
      253_402_300_800_000,
    ];
    for (const time of times) {
      expect(decoder.decode(into.subarray(0, putIsoTime(into, 0, time)))).toBe(new Date(time).toISOString());
    }
  });

  test('lists arbitrary orders (long ids, odd dates, escaped texts) exactly as the object path does', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(storedOrder, { maxLength: 40 }),
        fc.array(fc.nat()),
        async (orders, cancels) => {
          const store = new InMemoryOrderStore(orders);
          // Changed and created rows are the table's own chunk, beside the seed's.
          for (const pick of cancels.slice(0, 5)) {
            const order = orders[pick % Math.max(orders.length, 1)];
            if (order !== undefined) store.cancelNow(order.id);
          }
          await store.create({ ...(orders[0] ?? fc.sample(storedOrder, 1)[0]), id: undefined } as never);
          const expected = await objectLists(store);
          expect(listText(store.listChunks('public'))).toBe(expected.public);
          expect(listText(store.listChunks('admin'))).toBe(expected.admin);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('lists a store seeded from columns exactly as the object path does', async () => {
    const columns = new OrderColumns(5000);
    for (let row = 0; row < columns.length; row++) {
      columns.ids[row] = row + 1;
      columns.petIds[row] = row * 7919;
      columns.quantities[row] = 1 + (row % 9);
      columns.shipTimes[row] = -62_167_219_200_000 + row * 61_000_000_123;
      columns.flags[row] = row % 3 === 1 ? 1 | COMPLETE_FLAG : row % 3;
    }
    const store = InMemoryOrderStore.fromColumns(columns);
    if (store === undefined) throw new Error('the columns should fit a table');
    const expected = await objectLists(store);
    expect(listText(store.listChunks('public'))).toBe(expected.public);
    expect(listText(store.listChunks('admin'))).toBe(expected.admin);
  });
});
