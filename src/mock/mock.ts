import { createMockApi, type MockApi, type MockApiOptions, seedOrders } from '../core/api.ts';
import { type ClockMode, createClock, type MockClock } from '../core/controls/clock.ts';
import {
  DEFAULT_SESSION_LIMITS,
  SESSION_HEADER,
  type SessionDirectory,
  type SessionLimits,
  SessionRegistry,
  sessionsAdmin,
} from '../core/controls/sessions.ts';
import { defaultOrders } from '../core/defaults.ts';
import type { ExtensionFactory, MockExtension } from '../core/extension.ts';
import type { Answer } from '../core/handle.ts';
import { coreError } from '../core/http/errors.ts';
import { CopyOnWriteOrderStore } from '../core/orders/copy-on-write-store.ts';
import { InMemoryOrderStore, type OrderStore } from '../core/orders/store.ts';
import type { MockRequest, MockResponse, StoredOrder } from '../core/types.ts';
import { answeringHealth, type HealthOptions } from './health.ts';

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
   * Where the sessions live when the mock's state is shared by replicas (`openRedisState().sessions`): given
   * how to build a session's state from its own store and clock, it answers the directory of sessions.
   * Without it, sessions live in this process, their orders copied from the seed on their first change.
   */
  readonly sessionDirectory?: SessionDirectoryFactory;
  /** Wraps the assembled mock, e.g. to share its state across replicas (`openRedisState().share`). */
  readonly share?: (mock: Mock) => Mock;
  /** What `GET /__health` says (health.ts): the version, and whether the mock can serve. */
  readonly health?: HealthOptions;
}

/** What a shared session directory is given by the composition root. */
export interface SessionParts {
  /** A session's whole state (journal, traffic rules, extensions from factories) on `store` and `clock`. */
  build(store: OrderStore, clock: MockClock): MockState;
  readonly limits: SessionLimits;
}

export type SessionDirectoryFactory = (parts: SessionParts) => SessionDirectory<MockState>;

/** One isolated state of the mock: the core's `handle`, its state, its clock and its extensions. */
export interface MockState extends MockApi {
  readonly extensions: readonly MockExtension[];
}

/** The assembled mock: its default state, and the sessions `X-Mock-Session` picks. */
export interface Mock extends MockState {
  /**
   * The session `id`'s state, created from the seed on first use (as a request with the header would).
   * Sessions in this process only: on a shared store (Redis) it throws; send the header instead.
   */
  session(id: string): MockState;
  readonly sessions: SessionDirectory<MockState>;
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
  const limits = { ...DEFAULT_SESSION_LIMITS, ...options.sessions };
  const sessions: SessionDirectory<MockState> =
    options.sessionDirectory?.({ build: (store, stateClock) => build(stateClock, store), limits }) ??
    new SessionRegistry(
      () => {
        // A store given without a session directory may be shared: sessions in this process would differ.
        if (options.store !== undefined) {
          throw coreError(
            'SESSIONS_UNAVAILABLE',
            'This mock was given a store of its own but no session directory for it: send requests without X-Mock-Session, or pass sessionDirectory (openRedisState gives one).',
          );
        }
        const store = new CopyOnWriteOrderStore(
          seeded().store,
          () => new InMemoryOrderStore(seeded().orders),
        );
        return build(sessionClock(clock), store);
      },
      (state) => ({
        ordersCopied: !(state.store instanceof CopyOnWriteOrderStore) || state.store.copied,
        journalEntries: state.journal.size,
      }),
      clock,
      limits,
    );

  const reject = (error: unknown) => main.reject(error as Parameters<MockApi['reject']>[0]);
  function respond(request: MockRequest): Answer {
    const id = request.headers[SESSION_HEADER];
    if (id === undefined) return main.respond(request);
    let state: MockState | Promise<MockState>;
    try {
      state = sessions.use(id);
    } catch (error) {
      return reject(error);
    }
    // A shared directory answers later; the memory one at once, without a promise.
    if (state instanceof Promise) return state.then((found) => found.handle(request), reject);
    return state.respond(request);
  }
  const handle = (request: MockRequest): Promise<MockResponse> => {
    const answer = respond(request);
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  };

  function session(id: string): MockState {
    const state = sessions.use(id);
    if (state instanceof Promise) {
      throw new Error(
        'This mock keeps its sessions in a shared store: send X-Mock-Session with the requests.',
      );
    }
    return state;
  }

  const assembled: Mock = { ...main, handle, respond, session, sessions };
  // The health check stands in front of everything, the shared state included: it must answer while Redis
  // is away, to say so.
  return answeringHealth(options.share ? options.share(assembled) : assembled, options.health);
}

/**
 * A session's clock starts where the mock's stands and then moves on its own: advancing or resetting it
 * (`POST /__mock/clock/advance` with the header) leaves the other sessions' time alone.
 */
function sessionClock(clock: MockClock): MockClock {
  if (clock.mode === 'manual') return createClock('manual', clock.now());
  return createClock('system', undefined, { now: () => clock.now() - clock.offset() });
}
