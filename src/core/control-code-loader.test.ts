import { afterEach, describe, expect, test, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./control-code.ts');
  vi.resetModules();
});

const listRequest = { method: 'GET', path: '/__mock/orders', query: '', headers: {} };
const client = { clientId: 'app', clientSecret: 'app-secret' };
const tokenRequest = {
  method: 'POST',
  path: '/oauth/token',
  query: '',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: 'grant_type=client_credentials&client_id=app&client_secret=app-secret',
};

/** The core with the control planes' chunk replaced by one whose first `failures` loads fail. */
async function coreWithFlakyChunk(failures: number) {
  const loads = { attempts: 0 };
  vi.doMock('./control-code.ts', async (original) => {
    loads.attempts++;
    if (loads.attempts <= failures) throw new Error('chunk not reached');
    return original();
  });
  const { createMockApi } = await import('./api.ts');
  return { createMockApi, loads };
}

describe("the control planes' code, loaded on first use", () => {
  test('a load of the admin API that failed (a chunk not reached) is a 500 once, and the next request loads it again', async () => {
    const { createMockApi, loads } = await coreWithFlakyChunk(1);
    const onUnexpectedError = vi.fn();
    const api = createMockApi({ onUnexpectedError });
    expect((await api.handle(listRequest)).status).toBe(500);
    expect(onUnexpectedError).toHaveBeenCalledOnce();
    const answer = await api.handle(listRequest);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body?.text ?? '')).toHaveLength(25);
    expect(loads.attempts).toBe(2);
  });

  test('a load of the OAuth token endpoint that failed is a 500 once, and the next token request gets its token', async () => {
    const { createMockApi, loads } = await coreWithFlakyChunk(1);
    const api = createMockApi({ oauthClients: [client], onUnexpectedError: () => {} });
    expect((await api.handle(tokenRequest)).status).toBe(500);
    const answer = await api.handle(tokenRequest);
    expect(answer.status).toBe(200);
    const { access_token: token } = JSON.parse(answer.body?.text ?? '{}') as { access_token: string };
    const orders = await api.handle({
      method: 'GET',
      path: '/v1/store/orders',
      query: '',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(orders.status).toBe(200);
    expect(loads.attempts).toBe(2);
  });

  test('Store API requests, with a key, a token or neither, and paths beside the token endpoint load none of it', async () => {
    const { createMockApi, loads } = await coreWithFlakyChunk(0);
    const api = createMockApi({ oauthClients: [client] });
    const request = { method: 'GET', query: '', headers: {} };
    expect((await api.handle({ ...request, path: '/v1/store/orders' })).status).toBe(401);
    const keyed = { ...request, headers: { authorization: 'Bearer petstore-dev-key' } };
    expect((await api.handle({ ...keyed, path: '/v1/store/orders' })).status).toBe(200);
    expect((await api.handle({ ...keyed, method: 'DELETE', path: '/v1/store/orders/999' })).status).toBe(404);
    const unknownToken = { authorization: `Bearer pmat_${'a'.repeat(43)}` };
    expect((await api.handle({ ...request, headers: unknownToken, path: '/v1/store/orders' })).status).toBe(
      401,
    );
    expect((await api.handle({ ...request, path: '/oauth/tokens' })).status).toBe(401);
    expect(loads.attempts).toBe(0);
  });
});
