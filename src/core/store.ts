import { nextId } from './ids.ts';
import type { OrderStatus, StoredOrder } from './types.ts';

/** The answer to a cancel: a tagged result, so callers cannot forget a case. */
export type CancelResult =
  | { readonly outcome: 'cancelled'; readonly order: StoredOrder }
  | { readonly outcome: 'not_found' }
  | { readonly outcome: 'already_shipped'; readonly order: StoredOrder };

export type ShipResult =
  | { readonly outcome: 'shipped'; readonly order: StoredOrder }
  | { readonly outcome: 'not_found' }
  | { readonly outcome: 'not_pending'; readonly order: StoredOrder };

export type CreateResult =
  | { readonly outcome: 'created'; readonly order: StoredOrder }
  | { readonly outcome: 'id_taken'; readonly order: StoredOrder };

/** An order to create; without an id the store assigns the next free one. */
export type NewOrder = Omit<StoredOrder, 'id'> & { readonly id?: string };

/**
 * The orders' state behind an async interface, so a shared store (Redis, for several replicas) can replace
 * the in-memory one without touching the handlers. Implementations must make `cancel` and `ship` atomic:
 * of many concurrent cancels of one pending order, exactly one answers `cancelled`.
 */
export interface OrderStore {
  /** A number that changes whenever the listed orders change; the list's JSON is cached per revision. */
  revision(): Promise<number>;
  /** The orders a client sees, in insertion order: cancelled orders leave the list. */
  list(): Promise<readonly StoredOrder[]>;
  /** Every order, cancelled ones included, with its internal status. */
  snapshot(): Promise<readonly StoredOrder[]>;
  get(id: string): Promise<StoredOrder | undefined>;
  cancel(id: string): Promise<CancelResult>;
  create(order: NewOrder): Promise<CreateResult>;
  /** Pending becomes shipped: complete, with the ship date given. */
  ship(id: string, shipDate: string): Promise<ShipResult>;
  /** Back to the seed state. */
  reset(): Promise<void>;
  /**
   * Replaces every order (the admin API's scenarios: an empty store, 10,000 orders); `reset()` still goes
   * back to the seed. Optional: without it those scenarios answer 409.
   */
  replace?(orders: readonly StoredOrder[]): Promise<void>;
}

/** The in-memory store: a Map in insertion order, with the visible list rebuilt lazily after a change. */
export class InMemoryOrderStore implements OrderStore {
  readonly #seed: readonly StoredOrder[];
  #orders = new Map<string, StoredOrder>();
  #revision = 0;
  #visible: readonly StoredOrder[] | undefined;

  constructor(seed: readonly StoredOrder[]) {
    this.#seed = seed;
    this.#load();
  }

  async revision(): Promise<number> {
    return this.#revision;
  }

  async list(): Promise<readonly StoredOrder[]> {
    this.#visible ??= [...this.#orders.values()].filter((order) => order.status !== 'cancelled');
    return this.#visible;
  }

  async snapshot(): Promise<readonly StoredOrder[]> {
    return [...this.#orders.values()];
  }

  async get(id: string): Promise<StoredOrder | undefined> {
    return this.#orders.get(id);
  }

  async cancel(id: string): Promise<CancelResult> {
    const order = this.#orders.get(id);
    // A cancelled order is gone for clients: cancelling it again is a 404 (docs/decisions.md).
    if (!order || order.status === 'cancelled') return { outcome: 'not_found' };
    if (order.status === 'shipped') return { outcome: 'already_shipped', order };
    const cancelled = this.#put({ ...order, status: 'cancelled' });
    return { outcome: 'cancelled', order: cancelled };
  }

  async create(input: NewOrder): Promise<CreateResult> {
    const id = input.id ?? nextId(this.#orders.keys());
    const existing = this.#orders.get(id);
    if (existing) return { outcome: 'id_taken', order: existing };
    return { outcome: 'created', order: this.#put({ ...input, id }) };
  }

  async ship(id: string, shipDate: string): Promise<ShipResult> {
    const order = this.#orders.get(id);
    if (!order) return { outcome: 'not_found' };
    if (order.status !== 'pending') return { outcome: 'not_pending', order };
    const shipped = this.#put({
      ...order,
      status: 'shipped' satisfies OrderStatus,
      complete: true,
      shipDate,
    });
    return { outcome: 'shipped', order: shipped };
  }

  async reset(): Promise<void> {
    this.#load();
  }

  async replace(orders: readonly StoredOrder[]): Promise<void> {
    this.#load(orders);
  }

  #load(orders = this.#seed): void {
    // A loop rather than new Map(seed.map(…)): no pair array per order (100,000 of them at the bench's size).
    this.#orders = new Map();
    for (const order of orders) this.#orders.set(order.id, order);
    this.#changed();
  }

  #put(order: StoredOrder): StoredOrder {
    this.#orders.set(order.id, order);
    this.#changed();
    return order;
  }

  #changed(): void {
    this.#revision++;
    this.#visible = undefined;
  }
}
