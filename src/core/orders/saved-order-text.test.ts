import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { OrderStatus, StoredOrder } from '../types.ts';
import { InMemoryOrderStore } from './memory-store.ts';
import { OrderColumns } from './order-columns.ts';
import { adminOrderJson } from './order-json.ts';
import { savedOrdersText } from './saved-order-text.ts';

const decoder = new TextDecoder();
const text = (chunks: readonly Uint8Array[]) => chunks.map((chunk) => decoder.decode(chunk)).join('');

const savedOrder = (id: number, petId: number, quantity: number, time: number, status: OrderStatus) =>
  ({
    id: String(id),
    petId: String(petId),
    quantity,
    shipDate: new Date(time).toISOString(),
    complete: status === 'shipped',
    status,
  }) satisfies StoredOrder;

const orders = fc
  .array(
    fc.record({
      petId: fc.oneof(fc.nat(), fc.constant(Number.MAX_SAFE_INTEGER)),
      quantity: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      // Years 0100 to 9999, the dates a saved state's text is read in place for.
      time: fc.integer({ min: -59_011_459_200_000, max: 253_402_300_799_999 }),
      status: fc.constantFrom<OrderStatus>('pending', 'shipped', 'cancelled'),
    }),
    { minLength: 0, maxLength: 9000 },
  )
  .map((drawn) =>
    drawn.map(({ petId, quantity, time, status }, row) => savedOrder(row + 1, petId, quantity, time, status)),
  );

describe('reading saved orders from their text', () => {
  test('a store given orders read from their text lists them byte for byte as it writes them itself', async () => {
    await fc.assert(
      fc.asyncProperty(orders, async (saved) => {
        const listed = `[${saved.map(adminOrderJson).join(',')}]`;
        const read = savedOrdersText(`{"x":${listed}}`, 5);
        if (read === undefined) throw new Error('orders as the admin list writes them should be read');
        const fromText = new InMemoryOrderStore([]);
        await fromText.replaceColumns(read.columns);
        // The same orders as plain columns: the store renders them itself.
        const plain = new InMemoryOrderStore([]);
        await plain.replaceColumns(new OrderColumns(read.columns.length, read.columns));

        expect(text(fromText.listChunks('admin'))).toBe(listed);
        expect(text(plain.listChunks('admin'))).toBe(listed);
        expect(await fromText.snapshot()).toEqual(saved);
      }),
      { numRuns: 15 },
    );
  });

  test('after a change, the list holds the change beside the orders read from the text', async () => {
    const saved = Array.from({ length: 5000 }, (_, row) =>
      savedOrder(row + 1, 7, 1, Date.UTC(2026, 8, 4), 'pending'),
    );
    const read = savedOrdersText(`[${saved.map(adminOrderJson).join(',')}]`, 0);
    if (read === undefined) throw new Error('orders as the admin list writes them should be read');
    const store = new InMemoryOrderStore([]);
    await store.replaceColumns(read.columns);

    store.cancelNow('4500');

    const expected = saved.map(
      (order): StoredOrder => (order.id === '4500' ? { ...order, status: 'cancelled' } : order),
    );
    expect(text(store.listChunks('admin'))).toBe(`[${expected.map(adminOrderJson).join(',')}]`);
  });
});
