import type { StoredOrder } from '../types.ts';

/** The answer to a cancel: a tagged result, so callers cannot forget a case. */
export type CancelResult =
  | { readonly outcome: 'cancelled'; readonly order: StoredOrder }
  | { readonly outcome: 'not_found' }
  | { readonly outcome: 'already_shipped'; readonly order: StoredOrder };

export type ShipResult =
  | { readonly outcome: 'shipped'; readonly order: StoredOrder }
  | { readonly outcome: 'not_found' }
  | { readonly outcome: 'not_pending'; readonly order: StoredOrder };

/** The answer to a withdrawal: the order left the Store API (whatever its status), or there was none. */
export type WithdrawResult =
  | { readonly outcome: 'withdrawn'; readonly order: StoredOrder }
  | { readonly outcome: 'not_found' };

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
  /**
   * The order leaves the Store API whatever its status (a provider state's teardown): it becomes cancelled,
   * so the list drops it and its cancel answers 404; the admin list keeps it. Withdrawing it again is no change.
   */
  withdraw(id: string): Promise<WithdrawResult>;
  /** Back to the seed state. */
  reset(): Promise<void>;
  /**
   * Replaces every order (the admin API's presets: an empty store, 10,000 orders); `reset()` still goes
   * back to the seed. Optional: without it those presets answer 409.
   */
  replace?(orders: readonly StoredOrder[]): Promise<void>;
}

/** The public list (cancelled orders leave it) and the admin list (every order, with its status). */
export type ListName = 'public' | 'admin';

/**
 * A store that renders its lists itself, in chunks kept between changes, and answers at once (the in-memory
 * one). The routes use it when a store offers it, and serialise `list()` and await `cancel()` otherwise.
 */
export interface ChunkedLists {
  listChunks(name: ListName): readonly Uint8Array[];
  /** `revision()` without the promise. */
  currentRevision(): number;
  /**
   * `cancel()` without the promise and without the order: a cancel (and its 404) then costs no microtask, and
   * the order is not materialised for an answer that does not show it.
   */
  cancelNow(id: string): CancelResult['outcome'];
  /**
   * The orders as a saved state writes them (`"orders"` of `GET /__mock/state`): the admin list's chunks,
   * or undefined when an id is beyond 2^53 (a saved state writes it as a string).
   */
  savedChunks(): readonly Uint8Array[] | undefined;
}

export function hasChunkedLists(store: OrderStore): store is OrderStore & ChunkedLists {
  return typeof (store as Partial<ChunkedLists>).listChunks === 'function';
}
