import { coreError } from '../http/errors.ts';
import type { OrderStore } from '../orders/store.ts';
import type { Clock, StoredOrder } from '../types.ts';

/** A named state the mock can be put in (`POST /__mock/scenarios/{name}`, `controller.scenarios.apply`). */
export interface MockScenario {
  readonly name: string;
  readonly description: string;
  apply(): Promise<void>;
}

/** How many orders the `large` scenario holds. */
export const LARGE_STORE_ORDERS = 10_000;

/** The store's scenarios: each starts from the seed or replaces the orders, whatever the state was. */
export function storeScenarios(store: OrderStore, clock: Clock): MockScenario[] {
  const replace = async (orders: readonly StoredOrder[]) => {
    if (!store.replace) {
      throw coreError('INVALID_REQUEST', 'This store cannot replace its orders; only "seed" applies.');
    }
    await store.replace(orders);
  };
  return [
    { name: 'seed', description: 'The seed orders, as at start-up.', apply: () => store.reset() },
    { name: 'empty', description: 'No orders at all: the list is [].', apply: () => replace([]) },
    {
      name: 'all-shipped',
      description: 'The seed orders, every pending one shipped now: no order can be cancelled (409).',
      async apply() {
        await store.reset();
        const shipDate = new Date(clock.now()).toISOString();
        for (const order of await store.snapshot()) {
          if (order.status === 'pending') await store.ship(order.id, shipDate);
        }
      },
    },
    {
      name: 'large',
      description: `${LARGE_STORE_ORDERS.toLocaleString('en')} orders, a third of them shipped: lists, paging and rendering under load.`,
      apply: () => replace(largeStore(clock.now())),
    },
  ];
}

/** Deterministic orders 1…10,000 around `now`: every third shipped (complete, in the past), the rest pending. */
function largeStore(now: number): StoredOrder[] {
  const orders: StoredOrder[] = [];
  for (let i = 1; i <= LARGE_STORE_ORDERS; i++) {
    const shipped = i % 3 === 0;
    orders.push({
      id: String(i),
      petId: String(1 + ((i * 7) % 100)),
      quantity: 1 + (i % 5),
      shipDate: new Date(now + (shipped ? -1 : 1) * (i % 240) * 3_600_000).toISOString(),
      complete: shipped,
      status: shipped ? 'shipped' : 'pending',
    });
  }
  return orders;
}
