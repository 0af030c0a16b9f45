import { describe, expect, test } from 'vitest';
import { contractOrder, describeOrderStore } from '../../test-support/order-store-contract.ts';
import type { StoredOrder } from '../types.ts';
import { CopyOnWriteOrderStore } from './copy-on-write-store.ts';
import { InMemoryOrderStore } from './memory-store.ts';

/** A session's store as the memory state builds it: the seed read in place, a copy of it made on first change. */
const sessionStore = (seed: readonly StoredOrder[]) =>
  new CopyOnWriteOrderStore(new InMemoryOrderStore(seed), () => new InMemoryOrderStore(seed));

describeOrderStore('CopyOnWriteOrderStore', async (seed) => sessionStore(seed));

describeOrderStore('CopyOnWriteOrderStore once it holds its own copy', async (seed) => {
  const store = sessionStore(seed);
  await store.cancel('no-such-order'); // an attempted change makes the copy
  return store;
});

describe('CopyOnWriteOrderStore', () => {
  const seed = [contractOrder('1', 'pending'), contractOrder('2', 'shipped')];

  test('never writes the seed it shares: a change goes to its own copy, made once', async () => {
    const pristine = new InMemoryOrderStore(seed);
    let copies = 0;
    const store = new CopyOnWriteOrderStore(pristine, () => {
      copies++;
      return new InMemoryOrderStore(seed);
    });
    expect(store.copied).toBe(false);
    await store.list();
    expect(store.copied).toBe(false);
    await Promise.all([store.cancel('1'), store.ship('1', '2027-02-01T00:00:00.000Z')]);
    expect([store.copied, copies]).toEqual([true, 1]);
    expect((await pristine.get('1'))?.status).toBe('pending');
  });

  test('a reset drops its copy and reads the seed again, under a new revision', async () => {
    const store = sessionStore(seed);
    await store.cancel('1');
    const before = await store.revision();
    await store.reset();
    expect(store.copied).toBe(false);
    expect((await store.get('1'))?.status).toBe('pending');
    expect(await store.revision()).not.toBe(before);
  });
});
