import { randomInt, randomUUID } from 'node:crypto';
import { coreError } from '../core/http/errors.ts';
import { nextId } from '../core/orders/ids.ts';
import type {
  CancelResult,
  CreateResult,
  NewOrder,
  OrderStore,
  ShipResult,
  WithdrawResult,
} from '../core/orders/store.ts';
import type { OrderStatus, StoredOrder } from '../core/types.ts';
import { type RedisClient, runScript, storeCall } from './connection.ts';
import {
  cancelScript,
  createScript,
  getScript,
  installScript,
  listScript,
  type OrderScript,
  replaceScript,
  resetScript,
  revisionScript,
  shipScript,
  withdrawScript,
} from './order-scripts.ts';

/**
 * The keys every order script gets, in the order order-scripts.ts names them: the state's own under
 * `prefix`, the stored seed under `seedPrefix` (a session's own are under its session prefix).
 */
function orderKeys(prefix: string, seedPrefix = prefix): string[] {
  const own = ['orders', 'order-ids', 'max-id', 'revision'].map((name) => `${prefix}:${name}`);
  const seed = ['seed:orders', 'seed:order-ids', 'seed:max-id'].map((name) => `${seedPrefix}:${name}`);
  return [...own, ...seed];
}

/** The answer when a session's keys went away under a request (dropped by another replica, or expired). */
export function sessionDropped(id: string) {
  return coreError(
    'SESSION_NOT_FOUND',
    `The session "${id}" was dropped while this request ran (DELETE /__mock/sessions/{id}, or its time to live); send the request again to start it afresh.`,
  );
}

/**
 * How the operations of a session's store use the session in the registry within their own script
 * (shared-sessions.ts), so that a request in a session is one round trip: the registry's keys and
 * arguments, what to do when it refuses ('stale': read the clock again, 'full': the 429), and what to do
 * with the incarnation it found or created.
 */
export interface SessionEntry {
  readonly keys: readonly string[];
  args(): string[];
  refused(outcome: string, attempt: number): Promise<void>;
  entered(incarnation: string): void;
}

/** The registry's answers that are not an operation's (session-scripts.ts, `enter`). */
const REFUSALS = new Set(['stale', 'full', 'absent']);

type Reply = [string, ...string[]];
const UPLOAD_BATCH = 1000;

/**
 * The orders in Redis, shared by every mock process with the same key prefix. Each operation is one Lua
 * script, so it is atomic across processes: of 200 concurrent cancels of a pending order sent to several
 * replicas, exactly one is `cancelled`. The seed is stored beside the state, so a reset on any replica
 * restores the same orders for all.
 */
export class RedisOrderStore implements OrderStore {
  readonly #client: RedisClient;
  readonly #prefix: string;
  readonly #keys: string[];
  readonly #seed: readonly StoredOrder[];
  /** A session's store runs the session variant of each script, and reseeds through the shared store. */
  readonly #session:
    | { readonly shared: RedisOrderStore; readonly id: string; readonly entry?: SessionEntry }
    | undefined;

  private constructor(
    client: RedisClient,
    prefix: string,
    seed: readonly StoredOrder[],
    session?: { shared: RedisOrderStore; id: string; entry?: SessionEntry },
  ) {
    this.#client = client;
    this.#prefix = prefix;
    this.#keys = session ? orderKeys(prefix, session.shared.#prefix) : orderKeys(prefix);
    this.#seed = seed;
    this.#session = session;
  }

  /** Opens the store; the first process to open it under `prefix` seeds it, later ones keep what they find. */
  static async open(
    client: RedisClient,
    prefix: string,
    seed: readonly StoredOrder[],
  ): Promise<RedisOrderStore> {
    const store = new RedisOrderStore(client, prefix, seed);
    await store.#install();
    return store;
  }

  /**
   * The orders of session `id`, under `sessionPrefix`: this store's seed, read in place until the session's
   * first change, which copies it (COPY, inside the script) to keys of the session's own. The session's
   * registry creates and expires its keys. With `entry`, every call uses the session in the registry first
   * (starting it afresh if it went away); without, a call answers 404 SESSION_NOT_FOUND once its keys are gone.
   */
  session(id: string, sessionPrefix: string, entry?: SessionEntry): RedisOrderStore {
    const session = entry ? { shared: this, id, entry } : { shared: this, id };
    return new RedisOrderStore(this.#client, sessionPrefix, [], session);
  }

  async revision(): Promise<number> {
    if (this.#session) return Number((await this.#run(revisionScript))[1]);
    const key = this.#keys[3] as string;
    let revision = await storeCall(() => this.#client.get(key));
    if (revision === null) {
      await this.#install();
      revision = await storeCall(() => this.#client.get(key));
    }
    return Number(revision);
  }

  async list(): Promise<readonly StoredOrder[]> {
    return (await this.snapshot()).filter((order) => order.status !== 'cancelled');
  }

  async snapshot(): Promise<readonly StoredOrder[]> {
    const [, ...pairs] = await this.#run(listScript);
    const orders: StoredOrder[] = [];
    for (let i = 0; i < pairs.length; i += 2) orders.push(decode(pairs[i] as string, pairs[i + 1] as string));
    return orders;
  }

  async get(id: string): Promise<StoredOrder | undefined> {
    const [outcome, raw] = await this.#run(getScript, id);
    return outcome === 'found' ? decode(id, raw as string) : undefined;
  }

  async cancel(id: string): Promise<CancelResult> {
    const [outcome, raw] = await this.#run(cancelScript, id);
    if (outcome === 'not_found') return { outcome };
    return { outcome: outcome as 'cancelled' | 'already_shipped', order: decode(id, raw as string) };
  }

  async ship(id: string, shipDate: string): Promise<ShipResult> {
    const [outcome, raw] = await this.#run(shipScript, id, shipDate);
    if (outcome === 'not_found') return { outcome };
    return { outcome: outcome as 'shipped' | 'not_pending', order: decode(id, raw as string) };
  }

  async withdraw(id: string): Promise<WithdrawResult> {
    const [outcome, raw] = await this.#run(withdrawScript, id);
    if (outcome === 'not_found') return { outcome };
    return { outcome: 'withdrawn', order: decode(id, raw as string) };
  }

  async create(input: NewOrder): Promise<CreateResult> {
    const [outcome, id, raw] = await this.#run(createScript, input.id ?? '', encode(input));
    return { outcome: outcome as CreateResult['outcome'], order: decode(id as string, raw as string) };
  }

  async reset(): Promise<void> {
    await this.#run(resetScript);
  }

  /**
   * Runs a script (a session's after using the session); when the state is gone (a restarted Redis without
   * persistence) reseeds it and retries.
   */
  async #run(script: OrderScript, ...args: string[]): Promise<Reply> {
    let reseeded = false;
    for (let attempt = 0; ; attempt++) {
      const reply = await this.#runOnce(script, args, attempt);
      if (reply === undefined) continue;
      if (reply[0] === 'missing' && !reseeded) {
        reseeded = true;
        await (this.#session?.shared ?? this).#install();
        continue;
      }
      if (reply[0] === 'dropped') throw sessionDropped(this.#session?.id ?? '');
      return reply;
    }
  }

  /** One run of the script; undefined when the registry asked to run it again (the clock moved). */
  async #runOnce(script: OrderScript, args: string[], attempt: number): Promise<Reply | undefined> {
    const entry = this.#session?.entry;
    if (!entry) {
      const variant = this.#session ? script.session : script.shared;
      return (await runScript(this.#client, variant, this.#keys, args)) as Reply;
    }
    const keys = [...this.#keys, ...entry.keys];
    const reply = (await runScript(this.#client, script.entering, keys, [...args, ...entry.args()])) as Reply;
    if (REFUSALS.has(reply[0])) {
      await entry.refused(reply[0], attempt);
      return undefined;
    }
    entry.entered(reply.pop() as string);
    return reply;
  }

  /**
   * Replaces every order (a preset, a restored state) for every replica at once: uploaded under temporary
   * keys, then moved in place by one script. `reset()` still brings back the seed.
   */
  async replace(orders: readonly StoredOrder[]): Promise<void> {
    const upload = await this.#upload(orders);
    const args = [maxIdOf(orders)];
    const variant = this.#session ? replaceScript.session : replaceScript.shared;
    let [outcome] = (await runScript(this.#client, variant, [...this.#keys, ...upload], args)) as Reply;
    if (outcome === 'missing') {
      await (this.#session?.shared ?? this).#install();
      [outcome] = (await runScript(this.#client, variant, [...this.#keys, ...upload], args)) as Reply;
    }
    if (outcome === 'dropped') throw sessionDropped(this.#session?.id ?? '');
  }

  /** Uploads the seed under temporary keys, then installs it unless another process got there first. */
  async #install(): Promise<void> {
    const client = this.#client;
    if ((await storeCall(() => client.exists(this.#keys[3] as string))) === 1) return;
    const upload = await this.#upload(this.#seed);
    const firstRevision = String(randomInt(2 ** 47));
    await runScript(client, installScript, [...this.#keys, ...upload], [maxIdOf(this.#seed), firstRevision]);
  }

  /** Orders under two temporary keys (a hash and the ids in order) that expire if nobody moves them in place. */
  async #upload(orders: readonly StoredOrder[]): Promise<[string, string]> {
    const client = this.#client;
    const upload: [string, string] = [
      `${this.#prefix}:upload:${randomUUID()}:orders`,
      `${this.#prefix}:upload:${randomUUID()}:ids`,
    ];
    const [uploadOrders, uploadIds] = upload;
    const batches: Promise<unknown>[] = [];
    for (let start = 0; start < orders.length; start += UPLOAD_BATCH) {
      const batch = orders.slice(start, start + UPLOAD_BATCH);
      batches.push(
        client.hSet(uploadOrders, Object.fromEntries(batch.map((order) => [order.id, encode(order)]))),
        client.rPush(
          uploadIds,
          batch.map((order) => order.id),
        ),
        // A process that dies half-way leaves nothing behind for long.
        client.expire(uploadOrders, 300),
        client.expire(uploadIds, 300),
      );
    }
    await storeCall(() => Promise.all(batches));
    return upload;
  }
}

/** The largest id of the orders ('0' for none), for ids assigned after them. */
function maxIdOf(orders: readonly StoredOrder[]): string {
  return orders.length ? String(BigInt(nextId(orders.map((o) => o.id))) - 1n) : '0';
}

function encode(order: Omit<StoredOrder, 'id'>): string {
  return JSON.stringify([order.petId, String(order.quantity), order.shipDate, order.complete, order.status]);
}

function decode(id: string, raw: string): StoredOrder {
  const [petId, quantity, shipDate, complete, status] = JSON.parse(raw) as [
    string,
    string,
    string,
    boolean,
    OrderStatus,
  ];
  return { id, petId, quantity: Number(quantity), shipDate, complete, status };
}
