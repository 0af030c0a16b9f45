import { setupServer } from 'msw/node';
import { expect } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { createMock, type MockOptions } from '../mock/mock.ts';
import { createHandlers } from '../msw/index.ts';
import { startServer } from '../node/index.ts';
import { specProblems } from './spec-validator.ts';

export const TEST_KEY = 'test-key';

/** Where every target's clock starts: fixed, so that no scenario depends on the day the suite runs. */
export const TEST_START = Date.parse('2026-09-01T12:00:00.000Z');

export interface Exchange {
  readonly status: number;
  header(name: string): string | null;
  readonly text: string;
  json<T = unknown>(): T;
}

export interface RequestInit {
  readonly method?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Sends `Authorization: Bearer test-key` unless false. */
  readonly auth?: boolean;
}

/** One way to reach the mock: the core directly, the node server over HTTP, or the MSW handlers. */
export interface Target {
  readonly name: string;
  /**
   * MSW's handlers take only the paths the specs define and leave the rest to MSW (a rejected fetch here,
   * under `onUnhandledRequest: 'error'`); the server and the core answer them 404.
   */
  readonly leavesUnknownPathsUnhandled?: boolean;
  request(path: string, init?: RequestInit): Promise<Exchange>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export type TargetFactory = (options: MockOptions) => Promise<Target>;

/** A manual clock at TEST_START unless the options bring their own. */
const fixedClock = (options: MockOptions): MockOptions => ({
  ...options,
  clock: options.clock ?? createClock('manual', TEST_START),
});

/** Every target runs the same scenarios (src/mock/scenarios.test.ts). */
export const targetFactories: Record<string, TargetFactory> = {
  core: async (options) => {
    const api = createMock(fixedClock(options));
    return checked({
      name: 'core',
      async request(path, init = {}) {
        const [pathname = '', query = ''] = path.split('?');
        const headers = Object.fromEntries(
          Object.entries(requestHeaders(init)).map(([name, value]) => [name.toLowerCase(), value]),
        );
        const response = await api.handle({
          method: init.method ?? 'GET',
          path: pathname,
          query,
          headers,
          body: init.body,
        });
        const responseHeaders = new Map(
          Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]),
        );
        return exchange(
          response.status,
          (name) => responseHeaders.get(name.toLowerCase()) ?? null,
          response.body?.text ?? '',
        );
      },
      reset: () => api.reset(),
      close: async () => {},
    });
  },
  node: async (options) => {
    const mock = await startServer({ ...fixedClock(options), port: 0, host: '127.0.0.1' });
    return checked(
      fetchTarget(
        'node',
        mock.url,
        () => mock.api.reset(),
        () => mock.close(),
      ),
    );
  },
  msw: async (options) => {
    const origin = 'http://petstore.msw.test';
    // Under MSW the network is the upstream: a passthrough is its list of operations.
    const { passthrough, ...mswOptions } = fixedClock(options);
    const { handlers, controller } = createHandlers({
      ...mswOptions,
      baseUrl: `${origin}/v1`,
      ...(passthrough ? { passthrough: passthrough.operations ?? [] } : {}),
    });
    const server = setupServer(...handlers);
    server.listen({ onUnhandledRequest: 'error' });
    return checked({
      ...fetchTarget(
        'msw',
        origin,
        () => controller.reset(),
        async () => server.close(),
      ),
      leavesUnknownPathsUnhandled: true,
    });
  },
};

function fetchTarget(
  name: string,
  origin: string,
  reset: () => Promise<void>,
  close: () => Promise<void>,
): Target {
  return {
    name,
    async request(path, init = {}) {
      const response = await fetch(`${origin}${path}`, {
        method: init.method ?? 'GET',
        headers: requestHeaders(init),
        body: init.body,
      });
      return exchange(response.status, (header) => response.headers.get(header), await response.text());
    },
    reset,
    close,
  };
}

function requestHeaders(init: RequestInit): Record<string, string> {
  return { ...(init.auth === false ? {} : { authorization: `Bearer ${TEST_KEY}` }), ...init.headers };
}

function exchange(status: number, header: (name: string) => string | null, text: string): Exchange {
  return { status, header, text, json: () => JSON.parse(text) };
}

/** Every response any scenario sees is checked against the specs before the scenario looks at it. */
function checked(target: Target): Target {
  return {
    ...target,
    async request(path, init = {}) {
      const seen = await target.request(path, init);
      const method = init.method ?? 'GET';
      if (!path.startsWith('/__docs')) {
        const problems = specProblems({
          method,
          path: path.split('?')[0] ?? path,
          status: seen.status,
          contentType: seen.header('content-type'),
          text: seen.text,
        });
        expect(problems, `${method} ${path} → ${seen.status} ${seen.text.slice(0, 200)}`).toEqual([]);
      }
      return seen;
    },
  };
}
