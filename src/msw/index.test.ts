import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createHandlers } from './index.ts';

const { handlers, controller } = createHandlers({ baseUrl: 'https://api.shop.test/api/v1', apiKeys: ['k'] });
const server = setupServer(...handlers);
const auth = { authorization: 'Bearer k' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => controller.reset());

describe('createHandlers', () => {
  test('serves the API under the base URL path it was given', async () => {
    const response = await fetch('https://api.shop.test/api/v1/store/orders', { headers: auth });
    expect(response.status).toBe(200);
    expect(await response.json()).toHaveLength(25);
    expect((await fetch('https://api.shop.test/v1/store/orders', { headers: auth })).status).toBe(404);
  });

  test('cancels in one test…', async () => {
    const response = await fetch('https://api.shop.test/api/v1/store/orders/1', {
      method: 'DELETE',
      headers: auth,
    });
    expect(response.status).toBe(204);
    expect((await controller.store.get('1'))?.status).toBe('cancelled');
  });

  test('…and controller.reset() in beforeEach gives the next test the seed state back', async () => {
    expect((await controller.store.get('1'))?.status).toBe('pending');
    const response = await fetch('https://api.shop.test/api/v1/store/orders/1', {
      method: 'DELETE',
      headers: auth,
    });
    expect(response.status).toBe(204);
  });

  test('records what the app sent in the journal, key redacted', async () => {
    await fetch('https://api.shop.test/api/v1/store/orders?page=2', { headers: auth });
    expect(controller.journal.entries()).toMatchObject([
      {
        method: 'GET',
        path: '/api/v1/store/orders',
        query: 'page=2',
        status: 200,
        headers: { authorization: '[redacted]' },
      },
    ]);
  });

  test('leaves other origins alone', async () => {
    await expect(fetch('https://elsewhere.test/v1/store/orders')).rejects.toThrow();
  });
});
