import type { OrderStore } from '../core/orders/store.ts';

/** An order id as a test holds it: the wire's number (`1`), a string (`'1'`), or a bigint beyond 2^53. */
export type OrderId = string | number | bigint;

/** The store as the controller shows it: the same state, with ids taken the way the wire shows them. */
export interface ControllerStore extends Omit<OrderStore, 'get' | 'cancel' | 'ship' | 'withdraw'> {
  get(id: OrderId): ReturnType<OrderStore['get']>;
  cancel(id: OrderId): ReturnType<OrderStore['cancel']>;
  ship(id: OrderId, shipDate: string): ReturnType<OrderStore['ship']>;
  withdraw(id: OrderId): ReturnType<OrderStore['withdraw']>;
}

/**
 * Wraps the store so that `store.get(1)` finds order 1: the store keys ids as decimal strings (int64 ids beyond
 * 2^53 stay exact), while a test reads them from JSON as numbers.
 */
export function controllerStore(store: OrderStore): ControllerStore {
  return {
    revision: () => store.revision(),
    list: () => store.list(),
    snapshot: () => store.snapshot(),
    create: (order) => store.create(order),
    reset: () => store.reset(),
    get: (id) => store.get(String(id)),
    cancel: (id) => store.cancel(String(id)),
    ship: (id, shipDate) => store.ship(String(id), shipDate),
    withdraw: (id) => store.withdraw(String(id)),
  };
}
