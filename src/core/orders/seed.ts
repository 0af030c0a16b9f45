import type { Clock, StoredOrder } from '../types.ts';
import { InMemoryOrderStore } from './memory-store.ts';
import { OrderColumns } from './order-columns.ts';
import { type OrderSeed, parseOrderSeed } from './order-input.ts';

/** The seed orders as the store keeps them (a fixture's problem names its entry); sessions and a shared store (src/redis) start from it. */
export function seedOrders(seeds: Iterable<OrderSeed>, clock: Clock): StoredOrder[] {
  return Array.from(streamSeedOrders(seeds, clock));
}

/**
 * The in-memory store of the seed. Generated seeds come as columns that a table takes as they are: no object
 * per order, which keeps a large seed small (docs/performance.md).
 */
export function seedOrderStore(seeds: Iterable<OrderSeed>, clock: Clock): InMemoryOrderStore {
  const fromColumns = seeds instanceof OrderColumns ? InMemoryOrderStore.fromColumns(seeds) : undefined;
  return fromColumns ?? new InMemoryOrderStore(streamSeedOrders(seeds, clock));
}

/** The same, one order at a time, so that a large seed is never held as objects (the store keeps columns). */
function* streamSeedOrders(seeds: Iterable<OrderSeed>, clock: Clock): Generator<StoredOrder> {
  let index = 0;
  for (const seed of seeds) {
    const order = inFixture('orders', index, () => parseOrderSeed(seed, clock.now()));
    yield { ...order, id: order.id ?? String(index + 1) };
    index++;
  }
}

/** Names the fixture entry in the message, so a bad --fixtures file is easy to fix. */
export function inFixture<T>(kind: string, index: number, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new Error(`${kind}[${index}]: ${(error as Error).message}`);
  }
}
