import type { MockClock } from './controls/clock.ts';
import type { MockScenario } from './controls/scenarios.ts';
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
   * the request on without an await: host routing does so for every Store API request.
   */
  handle(request: MockRequest): Promise<MockResponse | undefined> | undefined;
  /** Named states it can be put in, listed with the store's by `GET /__mock/scenarios`. */
  readonly scenarios?: readonly MockScenario[];
  /** Back to the seed state; called by `POST /__mock/reset` and by the MSW controller's `reset()`. */
  reset?(): Promise<void>;
}

/** A method and a path pattern the mock answers, e.g. `{ method: 'DELETE', path: '/v1/store/orders/:orderId' }`. */
export interface ServedRoute {
  readonly method: string;
  readonly path: string;
}

/** What the composition root (`createMock`) gives each extension it builds: the mock's one clock. */
export interface ExtensionContext {
  readonly clock: MockClock;
}

/** An extension built by the composition root, so that it reads the same clock as the rest of the mock. */
export type ExtensionFactory<Extension extends MockExtension = MockExtension> = (
  context: ExtensionContext,
) => Extension;
