import { describe, expect, test } from 'vitest';
import { callMock } from '../../test-support/admin-call.ts';
import { createMockApi } from '../api.ts';
import { InMemoryOrderStore } from '../orders/memory-store.ts';
import type { OrderStore } from '../orders/store.ts';
import { createClock } from './clock.ts';

/** A store of the user's own that has no `replace` (the in-memory one's other methods). */
function storeWithoutReplace(): OrderStore {
  const inner = new InMemoryOrderStore([
    {
      id: '1',
      petId: '5',
      quantity: 1,
      shipDate: '2027-01-01T00:00:00.000Z',
      complete: false,
      status: 'pending',
    },
  ]);
  return new Proxy(inner, {
    get: (target, name) => {
      if (name === 'replace') return undefined;
      const value = Reflect.get(target, name, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as OrderStore;
}

describe('applying the store presets', () => {
  test('a store that cannot replace its orders: "empty" and "large" are a documented 400 that says so, and "all-shipped" and "seed" apply', async () => {
    const mock = createMockApi({
      apiKeys: ['k'],
      store: storeWithoutReplace(),
      clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')),
    });
    const call = (method: string, target: string) => callMock(mock, 'k', method, target);
    // callMock holds each answer to spec/mock-admin.openapi.yaml, which documents this 400.
    for (const path of ['/__mock/presets/empty', '/__mock/presets/large', '/__mock/scenarios/empty']) {
      const answer = await call('POST', path);
      expect(answer.status).toBe(400);
      expect(answer.json).toMatchObject({
        message: 'This store cannot replace its orders; "seed" and "all-shipped" apply.',
      });
    }
    expect((await call('GET', '/__mock/orders')).json).toHaveLength(1);
    await call('POST', '/__mock/presets/all-shipped');
    expect((await call('GET', '/__mock/orders')).json).toMatchObject([
      { id: 1, status: 'shipped', shipDate: '2026-09-01T00:00:00.000Z' },
    ]);
    expect((await call('POST', '/__mock/presets/seed')).status).toBe(200);
    expect((await call('GET', '/__mock/orders')).json).toMatchObject([{ id: 1, status: 'pending' }]);
  });
});
