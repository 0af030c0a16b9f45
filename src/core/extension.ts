import type { MockClock } from './controls/clock.ts';
import type { MockPreset } from './controls/presets.ts';
import type { MockRequest, MockResponse } from './types.ts';

/**
 * A piece of the mock beside the Store API (the admin API, the dashboard simulation). Extensions run in
 * order, after the CORS preflight and before authentication; the first to answer wins.
 */
export interface MockExtension {
  readonly name: string;
  /**
   * Where the extension answers, if only under one path prefix (the admin API: `/__mock/`). Requests
   * elsewhere skip it without a call, which keeps the Store API's hot path free of awaits it does not need.
   */
  readonly pathPrefix?: string;
  /**
   * Every method and path it answers, with `:param` segments (`/__mock/orders/:id/ship`), for adapters that
   * register one handler per route (MSW). An extension without them (host routing) is reached only by
   * adapters that pass every request through.
   */
  readonly routes?: readonly ServedRoute[];
  /**
   * Answer the request, or resolve to undefined to pass it on. Throw ApiError to answer with an Error body;
   * the core adds the CORS headers and journals the answer. Returning undefined itself (no promise) passes
   * the request on without an await: host routing does so for every Store API request. An answer ready at
   * once may be returned without a promise (the admin API's order list), so it costs no microtask.
   */
  handle(request: MockRequest): MockResponse | Promise<MockResponse | undefined> | undefined;
  /** Presets (named states) it can be put in, listed with the store's by `GET /__mock/presets`. */
  readonly presets?: readonly MockPreset[];
  /** @deprecated Read as `presets`; name them `presets`. */
  readonly scenarios?: readonly MockPreset[];
  /** Back to the seed state; called by `POST /__mock/reset` and by the MSW controller's `reset()`. */
  reset?(): Promise<void>;
  /** Its part of the mock's state (`GET`/`PUT /__mock/state`), when it keeps any worth saving. */
  readonly state?: StatePart;
}

/**
 * A part of the mock's state beside the orders, the clock and the rules: the domains simulation's under
 * `domains` (later parts, an OAuth token registry say, add theirs under their own key, with its schema in
 * spec/mock-admin.openapi.yaml's MockState).
 */
export interface StatePart {
  /** Its property in the state document. */
  readonly key: string;
  snapshot(): Promise<unknown>;
  /**
   * Checks its saved value (already valid by the spec's schema) and returns how to put it back; throws a 400
   * ApiError naming the first problem, having changed nothing.
   */
  prepare(value: unknown): () => Promise<void>;
}

/** A method and a path pattern the mock answers, e.g. `{ method: 'DELETE', path: '/v1/store/orders/:orderId' }`. */
export interface ServedRoute {
  readonly method: string;
  readonly path: string;
}

/**
 * What the mock's state keeps for its extensions, by extension: the domains simulation's store under
 * `domains` when the state is shared by replicas (src/redis); nothing in memory. An extension reads its own
 * entry and knows its shape.
 */
export type SharedDocuments = Readonly<Record<string, unknown>>;

/** What the composition root (`createMock`) gives each extension it builds: the mock's one clock, and the state's documents. */
export interface ExtensionContext {
  readonly clock: MockClock;
  readonly documents?: SharedDocuments;
}

/** An extension built by the composition root, so that it reads the same clock as the rest of the mock. */
export type ExtensionFactory<Extension extends MockExtension = MockExtension> = (
  context: ExtensionContext,
) => Extension;
