import type { StoredOrder } from '../types.ts';
import { CHUNK_ROWS, ListChunks, type ListView } from './list-chunks.ts';
import { type OrderColumns, storedOrders } from './order-columns.ts';
import { OrderTable } from './order-table.ts';
import type { SavedOrderColumns } from './saved-order-text.ts';
import type {
  CancelResult,
  ChunkedLists,
  CreateResult,
  ListName,
  NewOrder,
  OrderStore,
  ShipResult,
  WithdrawResult,
} from './store.ts';

const VIEWS: Readonly<Record<ListName, ListView>> = {
  public: { shows: (status) => status !== 'cancelled', withStatus: false },
  admin: { shows: () => true, withStatus: true },
};

/**
 * The in-memory store: the orders as columns (compact at a million orders), in insertion order, with each
 * list's JSON kept in chunks that a change re-renders one at a time.
 */
export class InMemoryOrderStore implements OrderStore, ChunkedLists {
  #table = new OrderTable();
  /** The seed's table while a preset has replaced the orders. */
  #seedTable: OrderTable | undefined;
  #revision = 0;
  #visible: readonly StoredOrder[] | undefined;
  readonly #lists = { public: new ListChunks(VIEWS.public), admin: new ListChunks(VIEWS.admin) };

  constructor(seed: Iterable<StoredOrder>) {
    // A repeated id keeps its first order.
    for (const order of seed) if (this.#table.row(order.id) === undefined) this.#table.append(order);
    this.#table.markSeed();
  }

  /** A store seeded from columns as they are (no object per order); undefined when they do not fit a table. */
  static fromColumns(columns: OrderColumns): InMemoryOrderStore | undefined {
    const table = OrderTable.fromColumns(columns);
    return table ? InMemoryOrderStore.#on(table) : undefined;
  }

  static #on(table: OrderTable): InMemoryOrderStore {
    const store = new InMemoryOrderStore([]);
    store.#table = table;
    return store;
  }

  /**
   * A store of this one's seed (a session's orders): it shares the seed's chunks and their rendered JSON,
   * copies a chunk of CHUNK_ROWS orders when it changes one of them, and never touches this store.
   */
  fork(): InMemoryOrderStore {
    return InMemoryOrderStore.#on((this.#seedTable ?? this.#table).forkSeed());
  }

  /** Whether it holds orders of its own (a copied chunk, a created order, a preset's orders) until reset. */
  get changed(): boolean {
    return this.#seedTable !== undefined || this.#table.ownedChunks > 0;
  }

  /** How many chunks of CHUNK_ROWS orders it copied from its seed or added: what its changes cost. */
  get copiedChunks(): number {
    return this.#table.ownedChunks;
  }

  async revision(): Promise<number> {
    return this.#revision;
  }

  currentRevision(): number {
    return this.#revision;
  }

  async list(): Promise<readonly StoredOrder[]> {
    if (!this.#visible) {
      const orders: StoredOrder[] = [];
      for (let row = 0; row < this.#table.length; row++) {
        if (this.#table.status(row) !== 'cancelled') orders.push(this.#table.get(row));
      }
      this.#visible = orders;
    }
    return this.#visible;
  }

  async snapshot(): Promise<readonly StoredOrder[]> {
    return Array.from({ length: this.#table.length }, (_, row) => this.#table.get(row));
  }

  async get(id: string): Promise<StoredOrder | undefined> {
    const row = this.#table.row(id);
    return row === undefined ? undefined : this.#table.get(row);
  }

  listChunks(name: ListName): readonly Uint8Array[] {
    return this.#lists[name].render(this.#table);
  }

  savedChunks(): readonly Uint8Array[] | undefined {
    return this.#table.hasUnsafeIds() ? undefined : this.listChunks('admin');
  }

  async cancel(id: string): Promise<CancelResult> {
    const row = this.#table.row(id);
    const order = row === undefined ? undefined : this.#table.get(row);
    const outcome = this.cancelNow(id);
    if (order === undefined || outcome === 'not_found') return { outcome: 'not_found' };
    return outcome === 'cancelled'
      ? { outcome, order: { ...order, status: 'cancelled' } }
      : { outcome, order };
  }

  cancelNow(id: string): CancelResult['outcome'] {
    const row = this.#table.row(id);
    if (row === undefined) return 'not_found';
    const status = this.#table.status(row);
    // A cancelled order is gone for clients: cancelling it again is a 404 (docs/decisions.md).
    if (status === 'cancelled') return 'not_found';
    if (status === 'shipped') return 'already_shipped';
    this.#table.setStatus(row, 'cancelled');
    this.#changed(row);
    return 'cancelled';
  }

  async create(input: NewOrder): Promise<CreateResult> {
    const id = input.id ?? this.#table.nextId();
    // Every int64 id taken: not reachable in practice, but never an id beyond int64 (docs/decisions.md).
    if (id === undefined) return { outcome: 'id_taken', order: this.#table.get(this.#table.length - 1) };
    const existing = this.#table.row(id);
    if (existing !== undefined) return { outcome: 'id_taken', order: this.#table.get(existing) };
    const order: StoredOrder = { ...input, id };
    this.#changed(this.#table.append(order));
    return { outcome: 'created', order };
  }

  async ship(id: string, shipDate: string): Promise<ShipResult> {
    const row = this.#table.row(id);
    if (row === undefined) return { outcome: 'not_found' };
    const order = this.#table.get(row);
    if (order.status !== 'pending') return { outcome: 'not_pending', order };
    this.#table.set(row, 'shipped', true, shipDate);
    this.#changed(row);
    return { outcome: 'shipped', order: { ...order, status: 'shipped', complete: true, shipDate } };
  }

  async withdraw(id: string): Promise<WithdrawResult> {
    const row = this.#table.row(id);
    if (row === undefined) return { outcome: 'not_found' };
    const order = this.#table.get(row);
    if (order.status === 'cancelled') return { outcome: 'withdrawn', order };
    this.#table.set(row, 'cancelled', order.complete, order.shipDate);
    this.#changed(row);
    return { outcome: 'withdrawn', order: { ...order, status: 'cancelled' } };
  }

  async reset(): Promise<void> {
    if (this.#seedTable) {
      // Back from a preset's orders: the seed's own table.
      this.#table = this.#seedTable;
      this.#seedTable = undefined;
    }
    // Every chunk is the seed's again, and the seed's chunks are rendered (once) for every table on it.
    this.#table.reset();
    for (const list of Object.values(this.#lists)) list.clear();
    this.#revision++;
    this.#visible = undefined;
  }

  /** The orders of a preset (an empty store, 10,000 orders) until `reset()` brings back the seed. */
  async replace(orders: readonly StoredOrder[]): Promise<void> {
    const table = new OrderTable();
    for (const order of orders) if (table.row(order.id) === undefined) table.append(order);
    table.markSeed();
    this.#install(table);
  }

  async replaceColumns(columns: OrderColumns): Promise<void> {
    const table = OrderTable.fromColumns(columns);
    if (!table) return this.replace(storedOrders(columns));
    // Orders read from a text written as the admin list writes them: that text is the list's bytes. Asked by
    // shape, not `instanceof`, so the state's reader stays out of what loads before the admin API does.
    const { adminChunk } = columns as Partial<SavedOrderColumns>;
    if (adminChunk !== undefined) {
      const rendered = table.seed.rendered(VIEWS.admin);
      for (let chunk = 0; chunk * CHUNK_ROWS < columns.length; chunk++) rendered[chunk] = adminChunk(chunk);
    }
    this.#install(table);
  }

  /** A replacing table in force until `reset()` brings back the seed's. */
  #install(table: OrderTable): void {
    this.#seedTable ??= this.#table;
    this.#table = table;
    for (const list of Object.values(this.#lists)) list.clear();
    this.#revision++;
    this.#visible = undefined;
  }

  #changed(row: number): void {
    this.#lists.public.changed(row);
    this.#lists.admin.changed(row);
    this.#revision++;
    this.#visible = undefined;
  }
}
