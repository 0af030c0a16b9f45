import { type HttpHandler, HttpResponse, http } from 'msw';
import type { MockClock, MockExtension, MockRequest, OrderStore, RequestJournal } from '../core/index.ts';
import { createMock, type Mock, type MockOptions } from '../mock.ts';

export { createMock, type Mock, type MockOptions } from '../mock.ts';

export interface CreateHandlersOptions extends MockOptions {
  /** Where the app under test sends its requests; default `http://localhost:4010/v1`. */
  readonly baseUrl?: string;
}

/** Controls the mock from a test: reset state in `beforeEach`, move the clock, inspect the store and journal. */
export interface MockController {
  /** Back to the seed state: orders, request journal, clock and extensions. */
  reset(): Promise<void>;
  /** The mock's one clock, e.g. `controller.clock.advance(30 * 60_000)` (the pets sunset follows it too). */
  readonly clock: MockClock;
  readonly store: OrderStore;
  readonly journal: RequestJournal;
  readonly api: Mock;
  /** The extensions built for this mock (the domains simulation, when given one). */
  readonly extensions: readonly MockExtension[];
}

/**
 * MSW handlers backed by the same composition root as the server. One handler takes every request to the
 * base URL's origin (the API under its path, the /__mock admin API beside it). The domains simulation is in
 * only when passed (`extensions: [domainsSimulation()]` from `petstore-mock/domains`), so a bundle without
 * it does not carry it.
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
  const baseUrl = new URL(options.baseUrl ?? 'http://localhost:4010/v1');
  const api = createMock({ ...options, basePath: baseUrl.pathname.replace(/\/+$/, '') });

  const handler = http.all(`${baseUrl.origin}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const mockRequest: MockRequest = {
      method: request.method,
      path: url.pathname,
      query: url.search.slice(1),
      // Fetch's Headers yields lower-case names, as the core expects.
      headers: Object.fromEntries(request.headers),
      body: hasBody ? await request.text() : undefined,
    };
    const response = await api.handle(mockRequest);
    return new HttpResponse(request.method === 'HEAD' ? null : (response.body?.text ?? null), {
      status: response.status,
      headers: response.headers,
    });
  });

  const { clock, store, journal, extensions } = api;
  return {
    handlers: [handler],
    controller: { reset: () => api.reset(), clock, store, journal, api, extensions },
  };
}
