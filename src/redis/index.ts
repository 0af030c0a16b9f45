import type { ClockMode, MockClock } from '../core/controls/clock.ts';
import { defaultOrders } from '../core/defaults.ts';
import type { OrderSeed } from '../core/orders/order-input.ts';
import { seedOrders } from '../core/orders/seed.ts';
import { type Clock, type MockRequest, systemClock } from '../core/types.ts';
import { DOMAINS_DOCUMENT } from '../domains/store.ts';
import type { MockState, SessionParts, StatePort } from '../mock/state.ts';
import { redisTokenStore } from './access-tokens.ts';
import { connectRedis } from './connection.ts';
import { RedisOrderStore } from './order-store.ts';
import { DEFAULT_KEY_PREFIX, printableStoreUrl } from './settings.ts';
import { createSharedDashboard } from './shared-dashboard.ts';
import { RedisSessions } from './shared-sessions.ts';

export { StoreUnreachableError } from './connection.ts';
export { DEFAULT_KEY_PREFIX } from './settings.ts';

/** How long /__health waits for Redis to answer a PING. */
const HEALTH_PING_MS = 750;

export interface RedisStateOptions {
  /** `redis://HOST:PORT/DB` */
  readonly url: string;
  readonly keyPrefix?: string;
  /** The seed, used by the first process to start under this prefix (and to reseed a Redis that lost it). */
  readonly orders?: Iterable<OrderSeed>;
  /** The mock's clock mode; its offset is shared. */
  readonly clock?: ClockMode;
  readonly baseClock?: Clock;
}

/** The mock's state in Redis, shared by every replica under one key prefix: pass it as `createMock({ state })`. */
export interface RedisState extends StatePort {
  /** The mock's one clock, its offset shared. */
  readonly clock: MockClock;
  /** The sessions (`X-Mock-Session`), shared by every replica under the prefix. */
  sessions(parts: SessionParts): RedisSessions;
  run<T>(request: MockRequest | undefined, state: MockState, work: () => Promise<T>): Promise<T>;
  /** Why the shared state cannot be served now (Redis unreachable or silent), or undefined: for /__health. */
  unavailable(): Promise<string | undefined>;
  /** Closes the connection to Redis (after the server stopped). */
  close(): Promise<void>;
}

/**
 * Connects to Redis and opens the shared state: the orders, the mock's clock, the issued OAuth tokens, the
 * domains simulation's document and the sessions. Throws StoreUnreachableError when Redis cannot be reached.
 *
 * @example
 * const state = await openRedisState({ url: 'redis://127.0.0.1:6379/0' });
 * const mock = await startServer({ state });
 * // … later: await mock.close(); await state.close();
 */
export async function openRedisState(options: RedisStateOptions): Promise<RedisState> {
  const client = await connectRedis(options.url);
  const prefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  try {
    const base = options.baseClock ?? systemClock;
    const seed = seedOrders(options.orders ?? defaultOrders, base);
    const store = await RedisOrderStore.open(client, prefix, seed);
    const shared = createSharedDashboard(client, prefix, options.clock ?? 'system', base);
    return {
      store,
      clock: shared.clock,
      tokens: redisTokenStore(client, prefix, shared),
      documents: { [DOMAINS_DOCUMENT]: shared.store },
      sessions: (parts) => new RedisSessions(client, prefix, store, shared, parts),
      run: shared.run,
      unavailable: async () => {
        const unreachable = `the shared store (Redis at ${printableStoreUrl(options.url)}) is unreachable`;
        if (!client.isReady) return unreachable;
        // Well within the 1.5 s a health checker waits, so a silent Redis is reported rather than timed out.
        let timer: NodeJS.Timeout | undefined;
        const silent = new Promise<string>((resolve) => {
          timer = setTimeout(() => resolve(unreachable), HEALTH_PING_MS);
        });
        const answered = client.ping().then(
          () => undefined,
          () => unreachable,
        );
        return Promise.race([answered, silent]).finally(() => clearTimeout(timer));
      },
      close: async () => client.destroy(),
    };
  } catch (error) {
    client.destroy();
    throw error;
  }
}

/** Fails with StoreUnreachableError unless Redis answers at `url` now (the --workers primary checks first). */
export async function probeRedis(url: string): Promise<void> {
  (await connectRedis(url)).destroy();
}
