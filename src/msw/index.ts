import { type HttpHandler, http } from 'msw';
import { controlCode } from '../core/control-code-loader.ts';
import type { MockClock } from '../core/controls/clock.ts';
import type { RequestJournal } from '../core/controls/journal.ts';
import type { PassthroughSettings } from '../core/controls/passthrough.ts';
import { describePreset } from '../core/controls/presets.ts';
import type { MockStateDocument } from '../core/controls/snapshot.ts';
import type { FaultInput, FaultRule, LatencySettings } from '../core/controls/traffic.ts';
import type { MockExtension, ServedRoute } from '../core/extension.ts';
import { createMock, type MockOptions, type MockState } from '../mock/mock.ts';
import { resolveBaseUrl } from './base-url.ts';
import { mockResolver } from './resolver.ts';
import { type ControllerStore, controllerStore } from './store-view.ts';

export type { ErrorBody as Error, ErrorBody, Order, StoreApiPaths } from '../core/api-types.ts';
export type { MockStateDocument } from '../core/controls/snapshot.ts';
export { createMock, type Mock, type MockOptions, type MockState } from '../mock/mock.ts';
export type { ControllerStore, OrderId } from './store-view.ts';

export interface CreateHandlersOptions extends Omit<MockOptions, 'passthrough'> {
  /**
   * Where the app under test sends its requests; default `http://localhost:4010/v1`. A relative URL (`/v1`)
   * is resolved against `location` (browser, jsdom).
   */
  readonly baseUrl?: string;
  /**
   * Partial mocking (docs/passthrough.md): the documented operations (operationIds) that go to the network
   * instead, with MSW's own `passthrough()`. Given (even `[]`), a request on the mock's paths that no
   * operation answers (another method) goes to the network too, and the controller's `passthrough.set()`
   * can change the list; paths the mock does not know are left to MSW as always.
   */
  readonly passthrough?: readonly string[];
}

/** The presets (named states) of a mock, as the controller offers them. */
export interface Presets {
  list(): { name: string; description: string }[];
  apply(name: string): Promise<void>;
}

/** Controls the mock from a test: reset state in `beforeEach`, move the clock, inspect the store and journal. */
export interface MockController {
  /** Back to the seed state: orders, request journal, clock and extensions. */
  reset(): Promise<void>;
  /**
   * The whole state as data, as `GET /__mock/state` answers it: orders with their status, the clock, the
   * fault and latency rules and the domains simulation. Keep it, and `restore` it in a later test.
   */
  snapshot(): Promise<MockStateDocument>;
  /** Puts a snapshot back at once (an invalid one throws, naming the first problem, and changes nothing). */
  restore(snapshot: MockStateDocument | unknown): Promise<void>;
  /** The mock's one clock, e.g. `controller.clock.advance(30 * 60_000)` (the pets sunset follows it too). */
  readonly clock: MockClock;
  /** The orders; ids as the wire shows them (`store.get(1)`) or as strings. */
  readonly store: ControllerStore;
  /** The requests seen: `entries()`, or `find({ method: 'DELETE', path, status, since, limit })`. */
  readonly journal: RequestJournal;
  /** Fault rules, as at /__mock/faults: answered with MSW's `delay()` and `HttpResponse.error()`. */
  readonly faults: {
    add(rule: FaultInput): FaultRule;
    list(): FaultRule[];
    /** Removes the rule `id` (as `DELETE /__mock/faults/{id}`); false when there is none. */
    remove(id: string): boolean;
    clear(): void;
  };
  /** Latency, as at /__mock/latency, e.g. `controller.latency.set({ global: '100ms-800ms' })`. */
  readonly latency: {
    get(): LatencySettings;
    set(settings: LatencySettings): void;
  };
  /**
   * What goes to the network instead of the mock, as at /__mock/passthrough:
   * `controller.passthrough.set(['listOrders'])`; needs `createHandlers({ passthrough: [...] })`.
   */
  readonly passthrough: {
    get(): PassthroughSettings;
    set(operations: readonly string[]): PassthroughSettings;
  };
  /** Presets (named states), as at /__mock/presets: `await controller.presets.apply('empty')`. */
  readonly presets: Presets;
  /** @deprecated The same as `presets`. */
  readonly scenarios: Presets;
  /** The state behind this controller (the default session's, or the one `session(id)` gave). */
  readonly api: MockState;
  /** The extensions built for this mock (the domains simulation, when given one). */
  readonly extensions: readonly MockExtension[];
  /**
   * The controller of session `id` (created from the seed on first use): what requests with
   * `X-Mock-Session: <id>` see, e.g. `controller.session('worker-2').store.get(1)`.
   */
  session(id: string): MockController;
}

const METHOD_HANDLERS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

/**
 * MSW handlers backed by the same composition root as the server: one handler per operation the specs
 * define (the Store API under the base URL, the /__mock admin API and, when given, the dashboard API beside
 * it), and one per path for its other methods (405 with `Allow`, HEAD, OPTIONS). Every other request is
 * left to MSW, so the app's own handlers and `onUnhandledRequest` see it. The domains simulation is in only
 * when passed (`extensions: [domainsSimulation()]` from `petstore-mock/domains`).
 *
 * @example
 * const { handlers, controller } = createHandlers({ apiKeys: ['test-key'] });
 * const server = setupServer(...handlers);
 * beforeEach(() => controller.reset());
 */
export function createHandlers(options: CreateHandlersOptions = {}): {
  handlers: HttpHandler[];
  controller: MockController;
} {
  const baseUrl = resolveBaseUrl(options.baseUrl ?? 'http://localhost:4010/v1');
  const api = createMock({
    origin: baseUrl.origin,
    ...options,
    basePath: baseUrl.pathname.replace(/\/+$/, ''),
    passthrough: options.passthrough ? { upstream: 'network', operations: options.passthrough } : undefined,
  });
  const answer = mockResolver(api);

  const handlers: HttpHandler[] = [];
  const fallbacks: HttpHandler[] = [];
  for (const [path, methods] of byPath(api.routes)) {
    const url = `${baseUrl.origin}${path}`;
    for (const method of methods) {
      const handler = METHOD_HANDLERS[method as keyof typeof METHOD_HANDLERS];
      if (handler) handlers.push(handler(url, answer));
    }
    // After every operation's own handler, so that a user's `http.get` for a sibling path is never shadowed.
    fallbacks.push(http.all(url, answer));
  }

  return { handlers: [...handlers, ...fallbacks], controller: controllerOf(api, (id) => api.session(id)) };
}

function controllerOf(state: MockState, session: (id: string) => MockState): MockController {
  const { clock, store, journal, extensions, traffic } = state;
  const presets: Presets = {
    list: () => state.presets().map(describePreset),
    // The admin API's own lookup (loaded with its code): an unknown name is the same 404 ApiError.
    apply: async (name) => void (await (await controlCode()).applyPreset(state.presets(), name)),
  };
  return {
    reset: () => state.reset(),
    snapshot: () => state.snapshot(),
    restore: (snapshot) => state.restore(snapshot),
    clock,
    store: controllerStore(store),
    journal,
    faults: {
      add: (rule) => traffic.addFault(rule),
      list: () => traffic.faults(),
      remove: (id) => traffic.removeFault(id),
      clear: () => traffic.clearFaults(),
    },
    latency: { get: () => traffic.latency(), set: (settings) => traffic.setLatency(settings) },
    passthrough: {
      get: () => state.passthrough.settings(),
      set: (operations) => state.passthrough.set(operations),
    },
    presets,
    scenarios: presets,
    api: state,
    extensions,
    session: (id) => controllerOf(session(id), session),
  };
}

function byPath(routes: readonly ServedRoute[]): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const { method, path } of routes) {
    const methods = paths.get(path) ?? [];
    methods.push(method);
    paths.set(path, methods);
  }
  return paths;
}
