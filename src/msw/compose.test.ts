import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createClock } from '../core/controls/clock.ts';
import { createHandlers, type ErrorBody, type Order } from './index.ts';

const origin = 'http://localhost:4010';
const { handlers, controller } = createHandlers({
  apiKeys: ['k'],
  clock: createClock('manual', Date.parse('2026-09-01T00:00:00Z')),
});
const appHandler = http.get(`${origin}/api/users`, () => HttpResponse.json([{ name: 'Ada' }]));
// The app's own handler listed after the mock's, as a user composes them.
const server = setupServer(...handlers, appHandler);
const auth = { authorization: 'Bearer k' };

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => controller.reset());

describe('the handlers compose like MSW handlers', () => {
  test("an app's own handler for another path of the same origin answers, though listed after the mock's", async () => {
    const response = await fetch(`${origin}/api/users`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ name: 'Ada' }]);
  });

  test('a path the specs do not define is left unhandled, so onUnhandledRequest sees it', async () => {
    await expect(fetch(`${origin}/totally/unknown`)).rejects.toThrow();
    await expect(fetch(`${origin}/v1/unknown`, { headers: auth })).rejects.toThrow();
  });

  test('another method on a defined path answers 405 with Allow', async () => {
    const response = await fetch(`${origin}/v1/store/orders`, { method: 'POST', headers: auth });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await response.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405 });
  });

  test('server.use() overrides one operation, and resetHandlers() brings the mock back', async () => {
    server.use(http.get(`${origin}/v1/store/orders`, () => HttpResponse.json([], { status: 200 })));
    expect(await (await fetch(`${origin}/v1/store/orders`, { headers: auth })).json()).toEqual([]);
    server.resetHandlers();
    expect(await (await fetch(`${origin}/v1/store/orders`, { headers: auth })).json()).toHaveLength(25);
  });

  test('an override of one operation leaves the others of the same path to the mock', async () => {
    server.use(http.get(`${origin}/v1/store/orders`, () => HttpResponse.json([])));
    const response = await fetch(`${origin}/v1/store/orders/2`, { method: 'DELETE', headers: auth });
    expect(response.status).toBe(409);
  });

  test('the admin API beside the base URL is served too', async () => {
    const response = await fetch(`${origin}/__mock/orders/1/ship`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect((await controller.store.get(1))?.status).toBe('shipped');
  });
});

describe('controller.store takes ids as the wire shows them', () => {
  test('store.get(1) finds order 1, like store.get("1")', async () => {
    expect((await controller.store.get(1))?.id).toBe('1');
    expect(await controller.store.get(1)).toEqual(await controller.store.get('1'));
  });

  test('an id beyond 2^53 is found exactly as a bigint', async () => {
    await fetch(`${origin}/__mock/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"9007199254740993","petId":"1","quantity":1,"status":"pending"}',
    });
    expect((await controller.store.get(9007199254740993n))?.id).toBe('9007199254740993');
  });
});

describe('the spec’s types, for overrides the compiler checks', () => {
  test('Order and Error come from spec/openapi.yaml', async () => {
    const orders: Order[] = [
      { id: 1, petId: 2, quantity: 1, shipDate: '2026-12-01T10:00:00Z', complete: false },
    ];
    // @ts-expect-error: the spec's Order.id is an integer, not a string
    const wrong: Order[] = [{ id: 'one' }];
    const error: ErrorBody = { code: 'OUT_OF_STOCK', message: 'No more.', status: 409 };
    server.use(
      http.get(`${origin}/v1/store/orders`, () => HttpResponse.json<Order[]>(orders)),
      http.delete(`${origin}/v1/store/orders/:orderId`, () =>
        HttpResponse.json<ErrorBody>(error, { status: 409 }),
      ),
    );
    expect(await (await fetch(`${origin}/v1/store/orders`, { headers: auth })).json()).toEqual(orders);
    const cancel = await fetch(`${origin}/v1/store/orders/1`, { method: 'DELETE', headers: auth });
    expect(await cancel.json()).toEqual(error);
    expect(wrong).toHaveLength(1);
  });
});
