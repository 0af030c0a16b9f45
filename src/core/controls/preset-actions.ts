import { coreError } from '../http/errors.ts';
import { truncate } from '../http/text.ts';
import type { OrderStore } from '../orders/store.ts';
import type { Clock, StoredOrder } from '../types.ts';

// What applies the presets (presets.ts lists them at once): the control planes' code, loaded by the first
// preset applied.

/**
 * Puts the mock in the preset `name` (the admin API and the MSW controller both come here); 404 NOT_FOUND
 * naming the presets there are when there is none.
 */
export async function applyPreset<Preset extends { readonly name: string; apply(): Promise<void> }>(
  presets: readonly Preset[],
  name: string,
): Promise<Preset> {
  const preset = presets.find((candidate) => candidate.name === name);
  if (!preset) {
    const names = presets.map((candidate) => candidate.name).join(', ');
    throw coreError('NOT_FOUND', `There is no preset "${truncate(name)}"; the presets are ${names}.`);
  }
  await preset.apply();
  return preset;
}

/** Replaces the orders; a store that cannot (one given to the mock) is a 400 naming the presets that still apply. */
export async function replaceOrders(store: OrderStore, orders: readonly StoredOrder[]): Promise<void> {
  if (!store.replace) {
    throw coreError(
      'INVALID_REQUEST',
      'This store cannot replace its orders; "seed" and "all-shipped" apply.',
    );
  }
  await store.replace(orders);
}

/** The seed orders, every pending one shipped now. */
export async function shipEveryPending(store: OrderStore, clock: Clock): Promise<void> {
  await store.reset();
  const shipDate = new Date(clock.now()).toISOString();
  for (const order of await store.snapshot()) {
    if (order.status === 'pending') await store.ship(order.id, shipDate);
  }
}

/** Deterministic orders 1…`count` around `now`: every third shipped (complete, in the past), the rest pending. */
export function largeStore(now: number, count: number): StoredOrder[] {
  const orders: StoredOrder[] = [];
  for (let i = 1; i <= count; i++) {
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
