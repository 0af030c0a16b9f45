import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createHandlers } from './index.ts';

const { handlers, controller } = createHandlers({ baseUrl: 'https://api.shop.test/v1', apiKeys: ['k'] });
const server = setupServer(...handlers);
const auth = { authorization: 'Bearer k' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => controller.reset());

describe('the resolver reads a request as new URL() would', () => {
  test.each([
    [
      'https://api.shop.test/v1/store/orders?status=pending&page=2',
      '/v1/store/orders',
      'status=pending&page=2',
    ],
    ['https://api.shop.test/v1/store/orders?', '/v1/store/orders', ''],
    ['https://api.shop.test/v1/store/orders#top', '/v1/store/orders', ''],
    ['https://api.shop.test/v1/store/orders?q=a#frag?b', '/v1/store/orders', 'q=a'],
    ['https://api.shop.test/v1/store/./x/../orders', '/v1/store/orders', ''],
    ['https://API.shop.test:443/v1/store/orders?q=%20x y', '/v1/store/orders', 'q=%20x%20y'],
  ])('%s is journaled as path %s and query "%s"', async (url, path, query) => {
    const expected = new URL(url);
    expect([expected.pathname, expected.search.slice(1)]).toEqual([path, query]);
    const response = await fetch(url, { headers: auth });
    expect(response.status).toBe(200);
    expect(controller.journal.entries()).toMatchObject([{ method: 'GET', path, query, status: 200 }]);
  });

  test('a path with encoded characters reaches the router encoded, a 404 naming it', async () => {
    const response = await fetch('https://api.shop.test/v1/store/orders/ä b', {
      method: 'DELETE',
      headers: auth,
    });
    expect(response.status).toBe(404);
    expect(controller.journal.entries()).toMatchObject([
      { method: 'DELETE', path: '/v1/store/orders/%C3%A4%20b', status: 404 },
    ]);
  });

  test('headers reach the mock lower-cased, repeated ones joined', async () => {
    const headers = new Headers({ Authorization: 'Bearer k', 'X-Trace': 'a' });
    headers.append('x-trace', 'b');
    await fetch('https://api.shop.test/v1/store/orders', { headers });
    expect(controller.journal.entries()[0]?.headers).toMatchObject({
      authorization: '[redacted]',
      'x-trace': 'a, b',
    });
  });

  test('a body is read for a write, and a bad one is a 400 Error body', async () => {
    const response = await fetch('https://api.shop.test/__mock/orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"petId":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400 });
  });
});
