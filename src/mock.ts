import { createMockApi, type MockApi, type MockApiOptions, seedOrders } from './core/api.ts';
import { type ClockMode, createClock, type MockClock } from './core/clock.ts';
import { CopyOnWriteOrderStore } from './core/copy-on-write-store.ts';
import { defaultOrders } from './core/defaults.ts';
import { coreError } from './core/errors.ts';
import type { ExtensionFactory, MockExtension } from './core/extension.ts';
import type { Answer } from './core/handle.ts';
import {
  DEFAULT_SESSION_LIMITS,
  SESSION_HEADER,
  type SessionLimits,
  SessionRegistry,
  sessionsAdmin,
} from './core/sessions.ts';
import { InMemoryOrderStore, type OrderStore } from './core/store.ts';
import type { MockRequest, MockResponse, StoredOrder } from './core/types.ts';

export interface MockOptions extends Omit<MockApiOptions, 'clock' | 'extensions'> {
  /**
   * The one clock of the whole mock: `system` (default: real time, which `advance` offsets), `manual`
   * (stands still until moved), or a clock of your own (tests pass a manual clock at a fixed start).
   */
  readonly clock?: ClockMode | MockClock;
  /**
   * Parts beside the Store API, in order: built extensions, or factories the root calls with the mock's
   * clock (`domainsSimulation()` from `petstore-mock/domains`). An entry point that passes none never
   * loads the domains simulation. Factories are called again for each session, so each has its own state.
   */
  readonly extensions?: readonly (MockExtension | ExtensionFactory)[];
  /** Bounds of the sessions picked by `X-Mock-Session` (default 100 live, 30 minutes idle). */
  readonly sessions?: Partial<SessionLimits>;
  /**
   * A session's orders when the mock's store is a shared one (Redis): a store of its own per session id.
   * Without it, sessions keep their orders in memory, copied from the seed on their first change.
   */
  readonly sessionStore?: (id: string) => OrderStore;
}

/** One isolated state of the mock: the core's `handle`, its state, its clock and its extensions. */
export interface MockState extends MockApi {
  readonly extensions: readonly MockExtension[];
}

/** The assembled mock: its default state, and the sessions `X-Mock-Session` picks. */
export interface Mock extends MockState {
  /** The session `id`'s state, created from the seed on first use (as a request with the header would). */
  session(id: string): MockState;
  readonly sessions: SessionRegistry<MockState>;
}

/**
 * The composition root: one clock, the core, and the extensions it is given, every part reading that clock.
 * The node:http server and the MSW handlers build the mock here and only translate requests. A request with
 * `X-Mock-Session: <id>` is answered from that session's own state (orders, journal, clock, extensions);
 * one without it from the default state. Unexpected errors are logged with `console.error` unless
 * `onUnexpectedError` says otherwise.
 *
 * @example
 * const mock = createMock({ clock: 'manual', extensions: [domainsSimulation()] });
 * mock.clock.advance(400 * 86_400_000); // GET /v1/pets/1 now answers 410
 */
export function createMock(options: MockOptions = {}): Mock {
  const clock = typeof options.clock === 'object' ? options.clock : createClock(options.clock ?? 'system');
  const admin = sessionsAdmin(() => sessions);
  const build = (stateClock: MockClock, store: OrderStore | undefined): MockState => {
    const extensions = (options.extensions ?? []).map((extension) =>
      typeof extension === 'function' ? extension({ clock: stateClock }) : extension,
    );
    const api = createMockApi({ ...options, clock: stateClock, store, extensions: [...extensions, admin] });
    return { ...api, extensions };
  };
  const main = build(clock, options.store);

  // The seed, parsed once and shared read-only by every session that has changed nothing.
  let seed: { readonly orders: readonly StoredOrder[]; readonly store: OrderStore } | undefined;
  const seeded = () => {
    if (!seed) {
      const orders = seedOrders(options.orders ?? defaultOrders, clock);
      seed = { orders, store: new InMemoryOrderStore(orders) };
    }
    return seed;
  };
  const sessions: SessionRegistry<MockState> = new SessionRegistry(
    (id) => {
      // Sessions kept in one process would differ between replicas that share the default state.
      if (options.store !== undefined && options.sessionStore === undefined) {
        throw coreError(
          'SESSIONS_UNAVAILABLE',
          'This mock shares its state with other replicas (--store), and sessions are not shared yet: send requests without X-Mock-Session, or use a mock without --store for parallel tests.',
        );
      }
      const store =
        options.sessionStore?.(id) ??
        new CopyOnWriteOrderStore(seeded().store, () => new InMemoryOrderStore(seeded().orders));
      return build(sessionClock(clock), store);
    },
    (state) => ({
      ordersCopied: !(state.store instanceof CopyOnWriteOrderStore) || state.store.copied,
      journalEntries: state.journal.size,
    }),
    clock,
    { ...DEFAULT_SESSION_LIMITS, ...options.sessions },
  );

  function respond(request: MockRequest): Answer {
    const id = request.headers[SESSION_HEADER];
    if (id === undefined) return main.respond(request);
    let state: MockState;
    try {
      state = sessions.use(id);
    } catch (error) {
      return main.reject(error as Parameters<MockApi['reject']>[0]);
    }
    return state.respond(request);
  }
  const handle = (request: MockRequest): Promise<MockResponse> => {
    const answer = respond(request);
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  };

  return { ...main, handle, respond, session: (id) => sessions.use(id), sessions };
}

/**
 * A session's clock starts where the mock's stands and then moves on its own: advancing or resetting it
 * (`POST /__mock/clock/advance` with the header) leaves the other sessions' time alone.
 */
function sessionClock(clock: MockClock): MockClock {
  if (clock.mode === 'manual') return createClock('manual', clock.now());
  return createClock('system', undefined, { now: () => clock.now() - clock.offset() });
}
