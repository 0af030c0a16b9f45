import { type ClockMode, createClock, type MockClock } from '../core/controls/clock.ts';
import { SessionRegistry } from '../core/controls/sessions.ts';
import { defaultOrders } from '../core/defaults.ts';
import { coreError } from '../core/http/errors.ts';
import { InMemoryOrderStore } from '../core/orders/memory-store.ts';
import type { OrderSeed } from '../core/orders/order-input.ts';
import { seedOrderStore } from '../core/orders/seed.ts';
import type { OrderStore } from '../core/orders/store.ts';
import type { StatePort } from './state.ts';

export interface MemoryStateOptions {
  /** Seed orders (fixture format); default: fixtures/orders.json. Ignored when `store` is given. */
  readonly orders?: Iterable<OrderSeed>;
  /**
   * A store of your own for the default state. Sessions then answer 400 SESSIONS_UNAVAILABLE: copies of a
   * store this process does not own would differ from it.
   */
  readonly store?: OrderStore;
  /**
   * The one clock of the whole mock: `system` (default: real time, which `advance` offsets), `manual`
   * (stands still until moved), or a clock of your own (tests pass a manual clock at a fixed start).
   */
  readonly clock?: ClockMode | MockClock;
}

/**
 * The mock's state in this process (the default of `createMock`): the seed's orders in memory, and sessions
 * on the same seed, each on a clock of its own. A session shares the seed's orders (and their rendered JSON)
 * and copies a chunk of 4,096 orders when it first changes one of them, so its first change costs one
 * chunk, whatever the seed's size.
 *
 * @example const mock = createMock({ state: memoryState({ clock: 'manual', orders: [] }) });
 */
export function memoryState(options: MemoryStateOptions = {}): StatePort {
  const clock = typeof options.clock === 'object' ? options.clock : createClock(options.clock ?? 'system');
  const own =
    options.store === undefined ? seedOrderStore(options.orders ?? defaultOrders, clock) : undefined;
  const store = options.store ?? (own as InMemoryOrderStore);

  return {
    store,
    clock,
    sessions: ({ build, limits }) =>
      new SessionRegistry(
        (id) => {
          if (own === undefined) {
            throw coreError(
              'SESSIONS_UNAVAILABLE',
              'This mock was given a store of its own, which sessions cannot copy: send requests without X-Mock-Session, or give the mock a state that keeps sessions (openRedisState).',
            );
          }
          return build(own.fork(), sessionClock(clock), id);
        },
        (state) => ({
          ordersCopied: !(state.store instanceof InMemoryOrderStore) || state.store.changed,
          journalEntries: state.journal.size,
        }),
        clock,
        limits,
      ),
  };
}

/**
 * A session's clock starts where the mock's stands and then moves on its own: advancing or resetting it
 * (`POST /__mock/clock/advance` with the header) leaves the other sessions' time alone.
 */
function sessionClock(clock: MockClock): MockClock {
  if (clock.mode === 'manual') return createClock('manual', clock.now());
  return createClock('system', undefined, { now: () => clock.now() - clock.offset() });
}
