import { createMockApi, type MockApiOptions, mockApiParts } from '../core/api.ts';
import type { ClockMode, MockClock } from '../core/controls/clock.ts';
import {
  SESSION_HEADER,
  type SessionDirectory,
  type SessionLimits,
  sessionJournalLimits,
  sessionLimits,
  sessionsAdmin,
} from '../core/controls/sessions.ts';
import type { ExtensionFactory, MockExtension } from '../core/extension.ts';
import type { Answer } from '../core/handle.ts';
import type { TokenStore } from '../core/http/access-tokens.ts';
import type { OrderStore } from '../core/orders/store.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import { answeringHealth, type HealthOptions } from './health.ts';
import { memoryState } from './memory-state.ts';
import type { MockState, StatePort } from './state.ts';

export type { MockState, SessionParts, StatePort } from './state.ts';

/** Methods that change nothing (for `onChange`). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface MockOptions
  extends Omit<MockApiOptions, 'clock' | 'extensions' | 'store' | 'session' | 'tokens'> {
  /**
   * Where the mock keeps its state: in this process (default: `memoryState` from `clock`, `orders` and
   * `store`) or shared by replicas (`openRedisState`). A state brings its own clock, seed and store, so
   * `clock`, `orders` and `store` go to the state, not beside it.
   */
  readonly state?: StatePort;
  /**
   * The one clock of the whole mock, for the default state: `system` (default: real time, which `advance`
   * offsets), `manual` (stands still until moved), or a clock of your own (tests pass a manual clock at a
   * fixed start).
   */
  readonly clock?: ClockMode | MockClock;
  /** A store of your own for the default state (sessions then answer 400 SESSIONS_UNAVAILABLE). */
  readonly store?: OrderStore;
  /**
   * Parts beside the Store API, in order: built extensions, or factories the root calls with the mock's
   * clock and the state's documents (`domainsSimulation()` from `petstore-mock/domains`). An entry point that
   * passes none never loads the domains simulation. Factories are called again for each session, so each has
   * its own state.
   */
  readonly extensions?: readonly (MockExtension | ExtensionFactory)[];
  /** Bounds of the sessions picked by `X-Mock-Session` (default 100 live, 30 minutes idle). */
  readonly sessions?: Partial<SessionLimits>;
  /** What `GET /__health` says (health.ts): the version, and whether the mock can serve. */
  readonly health?: HealthOptions;
  /**
   * Called after the default state (not a session's) answered a request that may have changed it (any
   * method but GET, HEAD and OPTIONS), was reset or restored: `--state-file` saves the state then.
   */
  readonly onChange?: () => void;
}

/** A request the mock sends upstream (partial mocking), and where its answer is journalled. */
export interface Forwarding {
  /** When the request came, on the clock of the state that sends it upstream (for a recording of it). */
  readonly startedAt: number;
  /** The session (`X-Mock-Session`) whose state sends it, when that is not the default state. */
  readonly session?: string;
  /** Journals the exchange in the state that sent it upstream (its session's, if any), as `source: upstream`. */
  record(status: number): void;
}

/** The assembled mock: its default state, and the sessions `X-Mock-Session` picks. */
export interface Mock extends MockState {
  /**
   * Whether `request` goes upstream (`passthrough`; docs/passthrough.md) rather than to `respond`, by the
   * settings of the state it is sent to (its session's, if any). Asked before the body is read, which a
   * forwarded request keeps for the upstream. Undefined: the mock answers (an invalid session id included,
   * which `respond` then refuses).
   */
  forwarding(request: MockRequest): Forwarding | undefined | Promise<Forwarding | undefined>;
  /**
   * The session `id`'s state, created from the seed on first use (as a request with the header would).
   * Sessions in this process only: on a shared state (Redis) it throws; send the header instead.
   */
  session(id: string): MockState;
  readonly sessions: SessionDirectory<MockState>;
}

/**
 * The composition root: one clock, the core, and the extensions it is given, every part reading that clock,
 * every state kept by one port (`state`). The node:http server and the MSW handlers build the mock here and
 * only translate requests. This is the one place that reads `X-Mock-Session` (a request with it is answered
 * from that session's own state: orders, journal, clock, extensions) and the outer error boundary: an
 * error in the session lookup or in the state's transaction is answered as the core answers any error, and
 * an unexpected one is reported once to `onUnexpectedError` (default `console.error`).
 *
 * @example
 * const mock = createMock({ clock: 'manual', extensions: [domainsSimulation()] });
 * mock.clock.advance(400 * 86_400_000); // GET /v1/pets/1 now answers 410
 */
export function createMock(options: MockOptions = {}): Mock {
  const port = options.state ?? memoryState(options);
  if (options.state && (options.clock ?? options.store ?? options.orders) !== undefined) {
    throw new Error(
      'createMock: give the clock, the orders and the store to the state (memoryState or openRedisState), not beside it.',
    );
  }
  const documents = port.documents ?? {};
  const admin = sessionsAdmin(() => sessions);
  const limits = sessionLimits(options.sessions);
  // What depends on the options alone is built once: a session builds only what holds its state.
  const parts = mockApiParts(options);
  let secrets: MockState['secrets'] | undefined;
  const build = (
    store: OrderStore,
    clock: MockClock,
    session?: string,
    tokens?: TokenStore,
    journalLimit = options.journalLimit,
  ): MockState => {
    const extensions = (options.extensions ?? []).map((extension) =>
      typeof extension === 'function' ? extension({ clock, documents }) : extension,
    );
    const api = createMockApi(
      {
        ...options,
        clock,
        store,
        session,
        tokens,
        journalLimit,
        secrets: secrets ?? options.secrets,
        version: options.version ?? options.health?.version,
        extensions: [...extensions, admin],
      },
      parts,
    );
    return { ...api, extensions };
  };
  const main = build(port.store, port.clock, undefined, port.tokens);
  // Every session redacts what the default state does (one redactor, so a secret added to it counts everywhere).
  secrets = main.secrets;
  // The journals of all sessions share one bound (a session's journal gets its share of it).
  const sessionJournal = sessionJournalLimits(options.journalLimit, limits.maxSessions);
  const sessions = port.sessions({
    build: (store, clock, id, tokens) => build(store, clock, id, tokens, sessionJournal),
    limits,
  });
  const run = port.run?.bind(port);

  const changed = options.onChange;
  function respond(request: MockRequest): Answer {
    const id = request.headers[SESSION_HEADER];
    if (changed === undefined || id !== undefined || READS.has(request.method)) return answer(request, id);
    const answered = answer(request, id);
    if (answered instanceof Promise) return answered.finally(changed);
    changed();
    return answered;
  }

  function answer(request: MockRequest, id: string | undefined): Answer {
    // The default state in memory: no lookup and no transaction, so nothing to wait for.
    if (id === undefined && run === undefined) return main.respond(request);
    let state: MockState | undefined | Promise<MockState | undefined>;
    try {
      state = id === undefined ? main : liveOrCreated(request, id);
    } catch (error) {
      return main.failure(request, error);
    }
    if (run !== undefined) {
      return Promise.resolve(state)
        .then((found = main) => run(request, found, () => found.handle(request)))
        .catch((error: unknown) => main.failure(request, error));
    }
    // A shared directory answers later; the memory one at once, without a promise.
    if (state instanceof Promise) {
      return state.then(
        (found = main) => found.handle(request),
        (error: unknown) => main.failure(request, error),
      );
    }
    return (state ?? main).respond(request);
  }
  const handle = (request: MockRequest): Promise<MockResponse> => {
    const answer = respond(request);
    return answer instanceof Promise ? answer : Promise.resolve(answer);
  };

  /**
   * The session `id` if it lives; else created, if the request may create it; else undefined (a request that
   * may not create its session is answered by the default state until the session lives). A live session's
   * requests skip the check of who may create one (a second credential check per request).
   */
  function liveOrCreated(
    request: MockRequest,
    id: string,
  ): MockState | undefined | Promise<MockState | undefined> {
    const live = sessions.find(id);
    if (live instanceof Promise) return live.then((found) => found ?? created(request, id));
    return live ?? created(request, id);
  }

  function created(request: MockRequest, id: string): MockState | undefined | Promise<MockState> {
    return main.mayCreateSession(request) ? sessions.use(id) : undefined;
  }

  function forwarding(request: MockRequest): Forwarding | undefined | Promise<Forwarding | undefined> {
    const id = request.headers[SESSION_HEADER];
    const upstream = (state: MockState, session?: string): Forwarding | undefined =>
      state.passthrough.forwards(request)
        ? {
            startedAt: state.clock.now(),
            ...(session === undefined ? {} : { session }),
            record: (status) => state.journal.record(request, status, state.clock.now(), 'upstream'),
          }
        : undefined;
    if (id === undefined) return upstream(main);
    // An invalid or refused session is the mock's to answer (respond renders its error); one that may not be
    // created yet is the default state's, as in `answer`.
    let state: MockState | undefined | Promise<MockState | undefined>;
    try {
      state = main.mayCreateSession(request) ? sessions.use(id) : sessions.find(id);
    } catch {
      return undefined;
    }
    return state instanceof Promise
      ? state.then(
          (found) => (found ? upstream(found, id) : upstream(main)),
          () => undefined,
        )
      : state
        ? upstream(state, id)
        : upstream(main);
  }

  function session(id: string): MockState {
    const state = sessions.use(id);
    if (state instanceof Promise) {
      throw new Error(
        'This mock keeps its sessions in a shared state: send X-Mock-Session with the requests.',
      );
    }
    return state;
  }

  const afterChange = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    changed?.();
    return result;
  };
  const reset = () => afterChange(run ? run(undefined, main, () => main.reset()) : main.reset());
  // On a shared state, as one transaction like the admin API's own GET and PUT.
  const asRequest = (method: string) => ({ method, path: '/__mock/state', query: '', headers: {} });
  const snapshot = () => (run ? run(asRequest('GET'), main, () => main.snapshot()) : main.snapshot());
  const restore = (state: unknown) =>
    afterChange(run ? run(asRequest('PUT'), main, () => main.restore(state)) : main.restore(state));
  const unavailable = port.unavailable?.bind(port);
  // The health check stands in front of everything, the shared state included: it must answer while the
  // state is unreachable, to say so.
  return answeringHealth(
    { ...main, handle, respond, reset, snapshot, restore, session, sessions, forwarding },
    { ...(unavailable ? { unready: unavailable } : {}), ...options.health },
  );
}
