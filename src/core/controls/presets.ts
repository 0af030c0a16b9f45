import { groupThousands } from '../http/text.ts';
import type { OrderStore } from '../orders/store.ts';
import type { Clock } from '../types.ts';
import type * as PresetActions from './preset-actions.ts';

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
 * The store's presets: each starts from the seed or replaces the orders, whatever the state was. Listed at
 * once; what applies them (preset-actions.ts) is given by `actions`, which the core loads with the control
 * planes' code on the first application.
 */
export function storePresets(
  store: OrderStore,
  clock: Clock,
  actions: () => typeof PresetActions | Promise<typeof PresetActions>,
): MockPreset[] {
  return [
    { name: 'seed', description: 'The seed orders, as at start-up.', apply: () => store.reset() },
    {
      name: 'empty',
      description: 'No orders at all: the list is [].',
      apply: async () => (await actions()).replaceOrders(store, []),
    },
    {
      name: 'all-shipped',
      description: 'The seed orders, every pending one shipped now: no order can be cancelled (409).',
      apply: async () => (await actions()).shipEveryPending(store, clock),
    },
    {
      name: 'large',
      description: `${groupThousands(LARGE_STORE_ORDERS)} orders, a third of them shipped: lists, paging and rendering under load.`,
      apply: async () => {
        const now = clock.now();
        const code = await actions();
        await code.replaceOrders(store, code.largeStore(now, LARGE_STORE_ORDERS));
      },
    },
  ];
}
