import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { createHandlers } from './index.ts';

// The recipe of docs/token-refresh.md, run as written: an app's API client that keeps its token and gets a
// new one once when the API answers 401, tested against the MSW handlers with the mock's clock.

/** The app's API client (what docs/token-refresh.md shows). */
function createApiClient(options: {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
}) {
  let token: string | undefined;
  async function fetchToken(): Promise<string> {
    const response = await fetch(options.tokenUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${btoa(`${options.clientId}:${options.clientSecret}`)}`,
      },
      body: 'grant_type=client_credentials',
    });
    if (!response.ok) throw new Error(`the token endpoint answered ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  }
  return async function api(path: string): Promise<Response> {
    token ??= await fetchToken();
    const send = () => fetch(`${options.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    let response = await send();
    if (response.status === 401) {
      token = await fetchToken(); // once: a second 401 is the answer
      response = await send();
    }
    return response;
  };
}

const { handlers, controller } = createHandlers({
  oauthClients: [{ clientId: 'web', clientSecret: 'pw' }],
  tokenTtlMs: 60 * 60_000,
  clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')),
});
const server = setupServer(...handlers);
const app = () =>
  createApiClient({
    baseUrl: 'http://localhost:4010/v1',
    tokenUrl: 'http://localhost:4010/oauth/token',
    clientId: 'web',
    clientSecret: 'pw',
  });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => controller.reset());
afterAll(() => server.close());

test('the app gets a new token once its token has expired, and the journal shows the refresh', async () => {
  const api = app();
  expect((await api('/store/orders')).status).toBe(200);
  controller.clock.advance(2 * 60 * 60_000);
  expect((await api('/store/orders')).status).toBe(200);
  expect(controller.journal.find({ path: '/oauth/token' }).map((entry) => entry.status)).toEqual([200, 200]);
  expect(controller.journal.find({ path: '/v1/store/orders' }).map((entry) => entry.status)).toEqual([
    200, 401, 200,
  ]);
});

test('the app fails with the token endpoint, rather than retrying for ever', async () => {
  controller.faults.add({ method: 'POST', path: '/oauth/token', fault: 'status', status: 503 });
  await expect(app()('/store/orders')).rejects.toThrow('the token endpoint answered 503');
  expect(controller.journal.find({ path: '/oauth/token' })).toHaveLength(1);
});
