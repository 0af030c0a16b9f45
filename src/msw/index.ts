import { type HttpHandler, HttpResponse, http } from 'msw';
import {
  createMockApi,
  type MockApi,
  type MockApiOptions,
  type MockRequest,
  type OrderStore,
  type RequestJournal,
} from '../core/index.ts';
import {
  createDomainsDashboard,
  type DomainsDashboard,
  type DomainsDashboardOptions,
} from '../domains/index.ts';

export interface CreateHandlersOptions extends MockApiOptions {
  /** Where the app under test sends its requests; default `http://localhost:4010/v1`. */
  readonly baseUrl?: string;
  /** The custom-domains dashboard simulation (`/__dashboard/api`, `/__mock/dashboard`); `false` leaves it out. */
  readonly domains?: DomainsDashboardOptions | false;
}

/** Controls the mock from a test: reset state in `beforeEach`, inspect the store and the journal. */
export interface MockController {
  /** Back to the seed state: orders, request journal and extensions. */
  reset(): Promise<void>;
  readonly store: OrderStore;
  readonly journal: RequestJournal;
  readonly api: MockApi;
  /** The dashboard simulation, e.g. `controller.domains?.dashboard.clock.advance(30 * 60_000)`. */
  readonly domains: DomainsDashboard | undefined;
}

/**
 * MSW handlers backed by the same core as the server. One handler takes every request to the base URL's
 * origin (the API under its path, the /__mock admin API beside it).
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
  const domains = options.domains === false ? undefined : createDomainsDashboard(options.domains);
  const extensions = [...(options.extensions ?? []), ...(domains ? [domains] : [])];
  const api = createMockApi({ ...options, extensions, basePath: baseUrl.pathname.replace(/\/+$/, '') });

  const handler = http.all(`${baseUrl.origin}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const mockRequest: MockRequest = {
      method: request.method,
      path: url.pathname,
      query: url.search.slice(1),
      // Fetch's Headers yields lower-case names, as the core expects.
      headers: Object.fromEntries(request.headers),
      ...(hasBody ? { body: await request.text() } : {}),
    };
    const response = await api.handle(mockRequest);
    return new HttpResponse(request.method === 'HEAD' ? null : (response.body?.text ?? null), {
      status: response.status,
      headers: response.headers,
    });
  });

  return {
    handlers: [handler],
    controller: { reset: () => api.reset(), store: api.store, journal: api.journal, api, domains },
  };
}
