import type { StoredOrder } from '../types.ts';
import type {
  CancelResult,
  CreateResult,
  NewOrder,
  OrderStore,
  ShipResult,
  WithdrawResult,
} from './store.ts';

/**
 * A session's orders: it reads a shared, never-written store of the seed until its first change, and only
 * then builds a store of its own. An untouched session therefore costs no copy of the seed.
 */
export class CopyOnWriteOrderStore implements OrderStore {
  readonly #pristine: OrderStore;
  readonly #copy: () => OrderStore;
  #own: OrderStore | undefined;
  /**
   * Its own count, not the inner store's: after a reset and a fresh copy the inner count starts again, and
   * the order list's cache (keyed by revision) must not serve the old copy's list.
   */
  #revision = 1;

  constructor(pristine: OrderStore, copy: () => OrderStore) {
    this.#pristine = pristine;
    this.#copy = copy;
  }

  /** Whether the session has changed anything yet (it then holds a copy of its own). */
  get copied(): boolean {
    return this.#own !== undefined;
  }

  async revision(): Promise<number> {
    return this.#revision;
  }

  list(): Promise<readonly StoredOrder[]> {
    return this.#reading().list();
  }

  snapshot(): Promise<readonly StoredOrder[]> {
    return this.#reading().snapshot();
  }

  get(id: string): Promise<StoredOrder | undefined> {
    return this.#reading().get(id);
  }

  cancel(id: string): Promise<CancelResult> {
    return this.#write((store) => store.cancel(id));
  }

  create(order: NewOrder): Promise<CreateResult> {
    return this.#write((store) => store.create(order));
  }

  ship(id: string, shipDate: string): Promise<ShipResult> {
    return this.#write((store) => store.ship(id, shipDate));
  }

  withdraw(id: string): Promise<WithdrawResult> {
    return this.#write((store) => store.withdraw(id));
  }

  async reset(): Promise<void> {
    this.#own = undefined;
    this.#revision++;
  }

  /** A preset's orders: the session's own copy holds them. */
  replace(orders: readonly StoredOrder[]): Promise<void> {
    return this.#write(async (store) => {
      if (!store.replace) throw new Error('A session copy must be able to replace its orders.');
      await store.replace(orders);
    });
  }

  #reading(): OrderStore {
    return this.#own ?? this.#pristine;
  }

  /** Runs a change on its own copy (made now if need be); the revision moves only when the copy changed. */
  async #write<T>(change: (store: OrderStore) => Promise<T>): Promise<T> {
    this.#own ??= this.#copy();
    const own = this.#own;
    const before = await own.revision();
    const result = await change(own);
    if ((await own.revision()) !== before) this.#revision++;
    return result;
  }
}
