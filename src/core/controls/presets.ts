import { coreError } from '../http/errors.ts';
import { groupThousands, truncate } from '../http/text.ts';
import type { OrderStore } from '../orders/store.ts';
import type { Clock, StoredOrder } from '../types.ts';

/**
 * A preset: a named state the mock can be put in (`POST /__mock/presets/{name}`,
 * `controller.presets.apply`). "Scenario" is kept for test cases.
 */
export interface MockPreset {
  readonly name: string;
  readonly description: string;
  apply(): Promise<void>;
}

/** How many orders the `large` preset holds. */
export const LARGE_STORE_ORDERS = 10_000;

/** A preset as the admin API lists it. */
export function describePreset({ name, description }: MockPreset): { name: string; description: string } {
  return { name, description };
}

/**
 * Puts the mock in the preset `name` (the admin API and the MSW controller both come here); 404 NOT_FOUND
 * naming the presets there are when there is none.
 */
export async function applyPreset(presets: readonly MockPreset[], name: string): Promise<MockPreset> {
  const preset = presets.find((candidate) => candidate.name === name);
  if (!preset) {
    const names = presets.map((candidate) => candidate.name).join(', ');
    throw coreError('NOT_FOUND', `There is no preset "${truncate(name)}"; the presets are ${names}.`);
  }
  await preset.apply();
  return preset;
}

/** The store's presets: each starts from the seed or replaces the orders, whatever the state was. */
export function storePresets(store: OrderStore, clock: Clock): MockPreset[] {
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
      description: `${groupThousands(LARGE_STORE_ORDERS)} orders, a third of them shipped: lists, paging and rendering under load.`,
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
