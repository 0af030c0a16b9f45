import { describe, expect, test } from 'vitest';
import { contractOrder, describeOrderStore } from '../test-support/order-store-contract.ts';
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
